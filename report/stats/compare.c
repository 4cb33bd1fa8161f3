/* SPDX-License-Identifier: GPL-2.0-only */
/* compare.c: a cell against its baseline (see compare.h). */
#include "report/stats/compare.h"

#include "common/stats.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static double pct(double ratio)
{
	return 100 * (ratio - 1);
}

/* Test, interval and verdict from the means, the variances of the means
 * and their degrees of freedom. */
static void finish(double ma, double va, double dfa, double mb, double vb, double dfb,
		   double alpha, struct comparison *c)
{
	welch_from_means(ma, va, dfa, mb, vb, dfb, &c->test);
	c->significant = c->test.p < alpha;
	fieller_ratio(ma, va, mb, vb, student_t_critical(alpha, c->test.df), &c->ci);
	if (c->ci.bounded) {
		c->ci.lo = pct(c->ci.lo);
		c->ci.hi = pct(c->ci.hi);
	}
	c->change = pct(ma / mb);
}

/* The variance of the mean of x[0..n). */
static double var_of_mean(const double *x, size_t n)
{
	double s = stats_stddev(x, n);

	return s * s / (double)n;
}

/* Welch and Fieller on the values themselves, with at least min on each side. */
static void compare_values(const double *a, size_t na, const double *b, size_t nb, double alpha,
			   size_t min, enum test_basis basis, enum no_claim few,
			   struct comparison *c)
{
	memset(c, 0, sizeof *c);
	c->ci.lo = c->ci.hi = NAN;
	c->n = na;
	c->base_n = nb;
	if (na < min || nb < min) {
		c->basis = TEST_NONE;
		c->why = few;
		c->change = na && nb ? pct(stats_mean(a, na) / stats_mean(b, nb)) : NAN;
		return;
	}
	c->basis = basis;
	finish(stats_mean(a, na), var_of_mean(a, na), (double)(na - 1),
	       stats_mean(b, nb), var_of_mean(b, nb), (double)(nb - 1), alpha, c);
}

void compare_repeats(const double *a, size_t na, const double *b, size_t nb, double alpha,
		     struct comparison *c)
{
	compare_values(a, na, b, nb, alpha, MIN_REPEATS, TEST_REPEATS, NO_CLAIM_FEW_VALUES, c);
}

void compare_boots(const double *a, size_t na, const double *b, size_t nb, double alpha,
		   struct comparison *c)
{
	compare_values(a, na, b, nb, alpha, MIN_BOOTS, TEST_BOOTS, NO_CLAIM_FEW_BOOTS, c);
}

size_t boot_medians(const double *values, const size_t *boot, size_t n, double *medians,
		    double *within_cov)
{
	double *v = calloc(n ? n : 1, sizeof *v), *covs = calloc(n ? n : 1, sizeof *covs);
	size_t nboots = 0, ncovs = 0;

	if (!v || !covs)
		abort();

	for (size_t i = 0; i < n; i++) {
		size_t k = 0, first = i;
		for (size_t j = 0; j < i; j++)
			if (boot[j] == boot[i])
				first = j;
		if (first != i)
			continue;
		for (size_t j = i; j < n; j++)
			if (boot[j] == boot[i])
				v[k++] = values[j];
		medians[nboots++] = stats_median(v, k);
		if (k >= 2)
			covs[ncovs++] = 100 * stats_cov(v, k);
	}
	*within_cov = ncovs ? stats_median(covs, ncovs) : NAN;
	free(v);
	free(covs);
	return nboots;
}

void compare_series(const double *a, size_t na, const double *b, size_t nb, double alpha,
		    struct comparison *c)
{
	enum bm_status sa, sb;
	struct batches *ba = &c->batches, *bb = &c->base_batches;

	memset(c, 0, sizeof *c);
	c->ci.lo = c->ci.hi = NAN;
	sa = batch_means(a, na, ba);
	sb = batch_means(b, nb, bb);
	c->n = ba->k;
	c->base_n = bb->k;
	if (sa == BM_OK && sb == BM_OK) {
		c->batches_r1 = batch_means_r1(ba, bb);
		if (c->batches_r1 > BM_MAX_R1)
			sa = BM_TOO_CORRELATED;
	}
	if (sa != BM_OK || sb != BM_OK) {
		c->basis = TEST_NONE;
		c->why = sa == BM_TOO_SHORT || sb == BM_TOO_SHORT ? NO_CLAIM_SERIES_SHORT :
			NO_CLAIM_SERIES_CORRELATED;
		c->change = na && nb ? pct(stats_mean(a, na) / stats_mean(b, nb)) : NAN;
		return;
	}
	c->basis = TEST_BATCHES;
	finish(stats_mean(ba->means, ba->k), var_of_mean(ba->means, ba->k), (double)(ba->k - 1),
	       stats_mean(bb->means, bb->k), var_of_mean(bb->means, bb->k), (double)(bb->k - 1),
	       alpha, c);
}

void comparison_mark(struct comparison *c, double threshold_pct)
{
	c->threshold = threshold_pct;
	c->marked = c->basis != TEST_NONE && c->significant && isfinite(c->change) &&
		fabs(c->change) >= threshold_pct;
}

/* q(alpha, df) + t(power, df): q the two-sided critical value of the test
 * when with_alpha, else 0. */
static double quantiles(bool with_alpha, double alpha, double power, double df)
{
	return (with_alpha ? student_t_critical(alpha, df) : 0) +
		student_t_critical(2 * (1 - power), df);
}

/* The n that solves n = k quantiles(2n - 2)^2, by iteration from the
 * normal quantiles (infinite degrees of freedom). */
static double solve_boots(double k, bool with_alpha, double alpha, double power)
{
	double n = k * pow(quantiles(with_alpha, alpha, power, 1e6), 2);

	for (int i = 0; i < 50 && n < 1e6; i++) {
		double next = k * pow(quantiles(with_alpha, alpha, power, fmax(2 * n - 2, 1)), 2);
		if (fabs(next - n) < 1e-6)
			break;
		n = next;
	}
	return n;
}

size_t boots_needed(double cov_pct, double change_pct, double threshold_pct, double alpha,
		    double power)
{
	double n, over;

	if (!isfinite(cov_pct) || cov_pct < 0 || !(threshold_pct >= 0) ||
	    !(change_pct > threshold_pct) || !isfinite(change_pct))
		return 0;
	n = solve_boots(2 * (cov_pct / change_pct) * (cov_pct / change_pct), true, alpha, power);
	over = change_pct - threshold_pct;
	if (threshold_pct > 0)
		n = fmax(n, solve_boots(2 * (cov_pct / over) * (cov_pct / over), false, alpha, power));
	if (n > 1e6)
		return SIZE_MAX;
	n = ceil(n - 1e-9);
	return n < MIN_BOOTS ? MIN_BOOTS : (size_t)n;
}

double change_detectable(double cov_pct, size_t boots, double threshold_pct, double alpha,
			 double power)
{
	double df = 2 * (double)boots - 2, spread;

	if (boots < 2 || !isfinite(cov_pct) || cov_pct < 0)
		return NAN;
	spread = cov_pct * sqrt(2 / (double)boots);
	return fmax(spread * (student_t_critical(alpha, df) + student_t_critical(2 * (1 - power), df)),
		    threshold_pct + spread * student_t_critical(2 * (1 - power), df));
}
