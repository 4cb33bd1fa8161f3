/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * batchmeans.h: non-overlapping batch means of an autocorrelated series
 * (the per-second samples of one measurement), for a t-test whose
 * variance is not fooled by the autocorrelation.
 *
 * The rule: estimate the series' lag-1 autocorrelation r (corrected for
 * its bias in short series), take the integrated autocorrelation time of
 * an AR(1) process with that r, tau = (1 + r) / (1 - r), and make batches
 * at least BM_TAUS * tau and at least BM_MIN_LEN samples long; use at most
 * BM_MAX_BATCHES batches (longer ones when the series allows) and refuse
 * with fewer than BM_MIN_BATCHES.  Samples that do not fill a batch are
 * left out at the start of the series, where a warm-up would show.
 */
#ifndef BOOTBENCH_REPORT_BATCHMEANS_H
#define BOOTBENCH_REPORT_BATCHMEANS_H

#include <stddef.h>

#define BM_MIN_BATCHES 5
#define BM_MAX_BATCHES 10
#define BM_MIN_LEN 3
#define BM_TAUS 3
/* Batch means whose pooled lag-1 autocorrelation is above this are still
 * dependent (a trend or a step in the series): no test. */
#define BM_MAX_R1 0.5
/* The largest autocorrelation r is taken to be. */
#define BM_R_CAP 0.99

enum bm_status {
	BM_OK,
	BM_TOO_SHORT,       /* fewer than BM_MIN_BATCHES * BM_MIN_LEN samples */
	BM_TOO_CORRELATED,  /* batches long enough for the autocorrelation
			     * leave fewer than BM_MIN_BATCHES of them, or
			     * their means are still correlated */
};

struct batches {
	double r1;          /* bias-corrected lag-1 autocorrelation, in [0, BM_R_CAP] */
	double tau;         /* (1 + r1) / (1 - r1) */
	size_t len;         /* samples per batch */
	size_t k;           /* batches; 0 unless BM_OK */
	size_t skipped;     /* leading samples in no batch */
	double means[BM_MAX_BATCHES];
};

/* The lag-1 sample autocorrelation of x[0..n) about its mean; 0 when n < 2
 * or x is constant. */
double lag1_autocorrelation(const double *x, size_t n);

/* Batch x[0..n) by the rule above.  b is filled in every case (len is the
 * batch length the rule asked for); k is 0 unless the result is BM_OK. */
enum bm_status batch_means(const double *x, size_t n, struct batches *b);

/* The lag-1 autocorrelation of the batch means of both sides, each about
 * its own mean, pooled: sum of the lag products over sum of the squares. */
double batch_means_r1(const struct batches *a, const struct batches *b);

#endif
