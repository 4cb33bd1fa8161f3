/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * compare.h: one cell against its baseline: the change of the mean, its
 * confidence interval and whether it is significant, or why no claim is
 * made.
 *
 * The boot (the run) is the unit of replication: repeats inside one boot
 * share its conditions and understate the spread between boots.  So the
 * claim is made on one value per boot, the median of its repeats:
 * Welch's t-test on those values when both sides have at least MIN_BOOTS
 * boots (compare_boots), and no claim otherwise.
 *
 * Within one boot: Welch's t-test on the repeats when both sides have at
 * least 3 (compare_repeats), or, with a single run on each side, on the
 * batch means of the two per-second series (batchmeans.h,
 * compare_series).  That says how well the boots' own values are known,
 * not whether the sides differ: the report shows it as within-boot
 * information only, and never marks a cell on it.
 *
 * Either way the interval is Fieller's for the ratio of the two means the
 * test compares, at the test's degrees of freedom, so the change is
 * significant exactly when the interval excludes 0.
 *
 * A claim is marked when it is significant and the change is at least the
 * practical threshold (threshold.h) either way: comparison_mark.
 */
#ifndef BOOTBENCH_REPORT_COMPARE_H
#define BOOTBENCH_REPORT_COMPARE_H

#include "report/stats/batchmeans.h"
#include "report/stats/fieller.h"
#include "report/stats/welch.h"

#include <stdbool.h>
#include <stddef.h>

/* At least this many values on each side for a test of repeats. */
#define MIN_REPEATS 3
/* At least this many boots on each side for a claim. */
#define MIN_BOOTS 3

enum test_basis {
	TEST_NONE,     /* no claim: see why */
	TEST_REPEATS,  /* the values themselves */
	TEST_BATCHES,  /* batch means of the per-second samples */
	TEST_BOOTS,    /* one value per boot */
};

enum no_claim {
	CLAIM_MADE,
	NO_CLAIM_FEW_VALUES,     /* fewer than MIN_REPEATS values on a side */
	NO_CLAIM_SERIES_SHORT,   /* a series too short for batch means */
	NO_CLAIM_SERIES_CORRELATED,  /* a series too autocorrelated for them */
	NO_CLAIM_FEW_BOOTS,      /* fewer than MIN_BOOTS boots on a side */
};

struct comparison {
	enum test_basis basis;
	enum no_claim why;       /* CLAIM_MADE unless basis is TEST_NONE */
	double change;           /* % change of the mean (of what was compared) */
	struct ratio_ci ci;      /* % change: lo, hi (when basis is not TEST_NONE) */
	struct welch test;
	bool significant;        /* test.p < alpha */
	double threshold;        /* % the change must reach to be marked */
	bool marked;             /* significant and |change| >= threshold */
	size_t n, base_n;        /* values, batch means or boots in the test */
	struct batches batches, base_batches;  /* TEST_BATCHES, or its refusal */
	double batches_r1;       /* pooled lag-1 autocorrelation of the batch means */
};

/*
 * The boots of one side: values[i] was measured in boot boot[i] (any
 * numbers naming the boots).  Writes the median of each boot's values to
 * medians (n entries at most, in the order the boots first appear) and
 * returns the number of boots; *within_cov is the median, over the boots
 * with at least 2 values, of the coefficient of variation of a boot's
 * values in %, NAN when no boot has 2.
 */
size_t boot_medians(const double *values, const size_t *boot, size_t n, double *medians,
		    double *within_cov);
/* a (the cell) against b (the baseline): one value per boot each. */
void compare_boots(const double *a, size_t na, const double *b, size_t nb, double alpha,
		   struct comparison *c);
/* Mark c (a claim on boots, or no claim) at threshold_pct: c->marked when
 * it is significant and its change is at least threshold_pct % either way. */
void comparison_mark(struct comparison *c, double threshold_pct);

/*
 * How many boots per side a comparison of boots needs to mark a change of
 * change_pct % with probability power (0..1) at significance alpha and
 * threshold threshold_pct, when the boots' values vary between boots with
 * a coefficient of variation of cov_pct %.  Marked needs both: the
 * two-sample t-test's
 *     n = 2 (t(1 - alpha/2, 2n - 2) + t(power, 2n - 2))^2 cov^2 / change^2
 * for significance, and
 *     n = 2 t(power, 2n - 2)^2 cov^2 / (change - threshold)^2
 * for the measured change to reach the threshold (its estimate spreads
 * by cov sqrt(2/n) around the true change), each solved by iteration from
 * the normal quantiles; the larger, rounded up, and at least MIN_BOOTS.
 * 0 when cov_pct is not a finite number >= 0 or change_pct is not above
 * threshold_pct (>= 0); SIZE_MAX when more than a million boots would be
 * needed.
 */
size_t boots_needed(double cov_pct, double change_pct, double threshold_pct, double alpha,
		    double power);

/* The other way round: the smallest change in % that boots boots per side
 * mark with probability power; NAN below 2 boots or without a spread. */
double change_detectable(double cov_pct, size_t boots, double threshold_pct, double alpha,
			 double power);

/* a (the cell) against b (the baseline): repeats. */
void compare_repeats(const double *a, size_t na, const double *b, size_t nb, double alpha,
		     struct comparison *c);
/* a against b: one per-second series each. */
void compare_series(const double *a, size_t na, const double *b, size_t nb, double alpha,
		    struct comparison *c);

#endif
