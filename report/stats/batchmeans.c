/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * batchmeans.c: non-overlapping batch means (see batchmeans.h).  The bias
 * of the lag-1 autocorrelation of a short AR(1) series with unknown mean
 * is E[r] = phi - (1 + 4 phi) / n to first order (Kendall 1954; Marriott
 * and Pope 1954), so phi is estimated by (n r + 1) / (n - 4).
 */
#include "report/stats/batchmeans.h"

#include "common/stats.h"

#include <math.h>
#include <string.h>

/* Sums of the lag-1 products and of the squares of x about mean. */
static void lag_sums(const double *x, size_t n, double mean, double *num, double *den)
{
	for (size_t i = 0; i < n; i++) {
		*den += (x[i] - mean) * (x[i] - mean);
		if (i + 1 < n)
			*num += (x[i] - mean) * (x[i + 1] - mean);
	}
}

double lag1_autocorrelation(const double *x, size_t n)
{
	double num = 0, den = 0;

	if (n < 2)
		return 0;
	lag_sums(x, n, stats_mean(x, n), &num, &den);
	return den > 0 ? num / den : 0;
}

enum bm_status batch_means(const double *x, size_t n, struct batches *b)
{
	double r;
	size_t len;

	memset(b, 0, sizeof *b);
	r = n > 4 ? ((double)n * lag1_autocorrelation(x, n) + 1) / ((double)n - 4) : 0;
	b->r1 = fmin(fmax(r, 0), BM_R_CAP);
	b->tau = (1 + b->r1) / (1 - b->r1);
	len = (size_t)ceil(BM_TAUS * b->tau - 1e-9);
	b->len = len < BM_MIN_LEN ? BM_MIN_LEN : len;
	if (n < BM_MIN_BATCHES * BM_MIN_LEN)
		return BM_TOO_SHORT;
	if (n / b->len < BM_MIN_BATCHES)
		return BM_TOO_CORRELATED;
	b->k = n / b->len;
	if (b->k > BM_MAX_BATCHES) {
		b->k = BM_MAX_BATCHES;
		b->len = n / BM_MAX_BATCHES;
	}
	b->skipped = n - b->k * b->len;
	for (size_t j = 0; j < b->k; j++)
		b->means[j] = stats_mean(x + b->skipped + j * b->len, b->len);
	return BM_OK;
}

double batch_means_r1(const struct batches *a, const struct batches *b)
{
	double num = 0, den = 0;

	lag_sums(a->means, a->k, stats_mean(a->means, a->k), &num, &den);
	lag_sums(b->means, b->k, stats_mean(b->means, b->k), &num, &den);
	return den > 0 ? num / den : 0;
}
