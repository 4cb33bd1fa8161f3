/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * stats.c: tests of report/describe.c, report/welch.c, report/fieller.c,
 * report/batchmeans.c and report/compare.c against values obtained
 * independently of this code: published examples, closed forms worked by
 * hand, and the defining properties of each figure.
 */
#include "report/stats/batchmeans.h"
#include "report/stats/compare.h"
#include "report/stats/describe.h"
#include "report/stats/fieller.h"
#include "report/stats/welch.h"

#include "tests/lib/tap.h"

#include <math.h>
#include <stdint.h>

/* Within tol of want, absolute. */
#define near(got, want, tol, ...) do {                                   \
	double g_ = (got), w_ = (want);                                   \
	if (!ok(fabs(g_ - w_) <= (tol), __VA_ARGS__))                     \
		printf("#   got: %.10g, want: %.10g (+-%g)\n", g_, w_, (double)(tol)); \
} while (0)

static void test_describe(void)
{
	/* Worked by hand: sum 20, mean 5; squared deviations 9+1+1+9 = 20,
	 * variance 20/3, stddev 2.5819889, CoV 51.639778%; sorted 2 4 6 8,
	 * median (4+6)/2 = 5; hmean 4 / (1/2+1/4+1/6+1/8) = 4 / (25/24) = 3.84. */
	double x[] = { 8, 2, 6, 4 };
	struct describe d;

	describe(x, 4, &d);
	is_int(d.n, 4, "describe: n");
	is_num(d.mean, 5, "describe: mean of 8 2 6 4");
	is_num(d.median, 5, "describe: median of an even count is the mean of the middle two");
	is_num(d.hmean, 3.84, "describe: harmonic mean 4/(25/24)");
	near(d.stddev, sqrt(20.0 / 3), 1e-12, "describe: sample standard deviation sqrt(20/3)");
	near(d.cov, 100 * sqrt(20.0 / 3) / 5, 1e-10, "describe: CoV in percent");
	is_num(d.min, 2, "describe: min");
	is_num(d.max, 8, "describe: max");
	ok(x[0] == 8 && x[1] == 2, "describe: the input is not reordered");

	/* Odd count: sorted 1 3 9, median 3; hmean 3 / (1 + 1/3 + 1/9) = 27/13. */
	double y[] = { 9, 1, 3 };
	describe(y, 3, &d);
	is_num(d.median, 3, "describe: median of an odd count");
	is_num(d.hmean, 27.0 / 13, "describe: harmonic mean 27/13");

	/* One value: no spread; a zero or negative value: no harmonic mean. */
	double one[] = { 42 };
	describe(one, 1, &d);
	ok(d.stddev == 0 && d.median == 42 && d.hmean == 42, "describe: a single value");
	double z[] = { 3, 0, 5 };
	describe(z, 3, &d);
	ok(isnan(d.hmean), "describe: harmonic mean undefined with a zero value");
	describe(z, 0, &d);
	ok(d.n == 0 && isnan(d.median), "describe: no values");
}

static void test_beta(void)
{
	/* I_x(a, b) for whole a, b is a binomial tail:
	 * I_0.4(2, 3) = sum_{j=2..4} C(4,j) 0.4^j 0.6^(4-j) = 0.3456 + 0.1536 + 0.0256. */
	near(incomplete_beta(2, 3, 0.4), 0.5248, 1e-12, "incomplete beta I_0.4(2,3) = 0.5248");
	/* I_x(1, 1) = x; I_x(a, 1) = x^a. */
	near(incomplete_beta(1, 1, 0.3), 0.3, 1e-12, "incomplete beta I_0.3(1,1) = 0.3");
	near(incomplete_beta(2.5, 1, 0.81), pow(0.81, 2.5), 1e-12, "incomplete beta I_x(a,1) = x^a");
	/* Student t: df 1 is the Cauchy distribution, P(|T| >= 1) = 1/2;
	 * df 2 has P(|T| >= t) = 1 - t / sqrt(2 + t^2): t = 2 gives 1 - 2/sqrt(6). */
	near(student_t_two_sided(1, 1), 0.5, 1e-12, "t distribution df 1: P(|T|>=1) = 0.5");
	near(student_t_two_sided(2, 2), 1 - 2 / sqrt(6), 1e-12, "t distribution df 2: P(|T|>=2) = 1-2/sqrt(6)");
	near(student_t_two_sided(0, 7), 1, 1e-12, "t distribution: P(|T|>=0) = 1");
}

static void test_welch(void)
{
	struct welch w;

	/* Wikipedia, "Welch's t-test", Examples, example 1 (the A1/A2 data
	 * sets): Welch t = -2.46, df = 25.0, p = 0.021. */
	double a1[] = { 27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4 };
	double a2[] = { 27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4 };
	ok(welch_test(a1, 15, a2, 15, &w), "welch: Wikipedia example 1 computed");
	near(w.t, -2.46, 0.005, "welch: Wikipedia example 1, t = -2.46");
	near(w.df, 25.0, 0.05, "welch: Wikipedia example 1, df = 25.0");
	near(w.p, 0.021, 0.0005, "welch: Wikipedia example 1, p = 0.021");

	/* R's t.test(ts1, ts2) (Welch by default), as published in the
	 * Cross Validated answer on Welch confidence intervals:
	 * t = -1.8325, df = 17.9, p-value = 0.08356. */
	double ts1[] = { 11, 9, 10, 11, 10, 12, 9, 11, 12, 9 };
	double ts2[] = { 11, 13, 10, 13, 12, 9, 11, 12, 12, 11 };
	ok(welch_test(ts1, 10, ts2, 10, &w), "welch: R t.test example computed");
	near(w.t, -1.8325, 0.00005, "welch: R t.test example, t = -1.8325");
	near(w.df, 17.9, 0.05, "welch: R t.test example, df = 17.9");
	near(w.p, 0.08356, 0.000005, "welch: R t.test example, p = 0.08356");

	/* Swapping the samples flips t only. */
	struct welch s;
	welch_test(ts2, 10, ts1, 10, &s);
	ok(s.t == -w.t && s.df == w.df && s.p == w.p, "welch: symmetric in the samples");

	/* Written out: a = 1 2 3 (mean 2, var 1), b = 4 5 6 (mean 5, var 1):
	 * t = -3 / sqrt(1/3 + 1/3) = -3.6742346; df = (2/3)^2 / (2 (1/3)^2 / 2) = 4;
	 * for df 4, P(|T| >= t) = 1 - I_{t^2/(4+t^2)}(1/2, 2), and with
	 * u = t^2 / (4 + t^2) = 13.5/17.5: I_u(1/2, 2) = sqrt(u) (3 - u) / 2,
	 * so p = 1 - sqrt(27/35) (3 - 27/35) / 2 = 0.02131164... */
	double a[] = { 1, 2, 3 }, b[] = { 4, 5, 6 };
	double u = 27.0 / 35;
	welch_test(a, 3, b, 3, &w);
	near(w.t, -3 / sqrt(2.0 / 3), 1e-12, "welch: t of 1 2 3 against 4 5 6");
	near(w.df, 4, 1e-12, "welch: df of 1 2 3 against 4 5 6 is 4");
	near(w.p, 1 - sqrt(u) * (3 - u) / 2, 1e-12, "welch: p of 1 2 3 against 4 5 6 (df 4 closed form)");

	/* Not enough values; no variance at all. */
	ok(!welch_test(a, 1, b, 3, &w), "welch: refuses a side with one value");
	double c[] = { 5, 5, 5 }, d[] = { 7, 7, 7 };
	welch_test(c, 3, c, 3, &w);
	ok(w.t == 0 && w.p == 1, "welch: identical constant samples: p = 1");
	welch_test(c, 3, d, 3, &w);
	ok(isinf(w.t) && w.p == 0, "welch: different constant samples: p = 0");
}

static void test_critical(void)
{
	/* df 1 (Cauchy): P(|T| >= t) = 1 - 2 atan(t) / pi, so the 5% critical
	 * value is tan(0.475 pi) = 12.7062; df 2: P(|T| >= t) = 1 - t / sqrt(2 + t^2),
	 * so t = u sqrt(2 / (1 - u^2)) with u = 0.95: 4.30265 (the tables' 4.303). */
	near(student_t_critical(0.05, 1), tan(0.475 * M_PI), 1e-9, "t critical value, df 1, 5%%: tan(0.475 pi)");
	near(student_t_critical(0.05, 2), 0.95 * sqrt(2 / (1 - 0.95 * 0.95)), 1e-9,
	     "t critical value, df 2, 5%%: 4.30265");
	near(student_t_critical(0.01, 2), 0.99 * sqrt(2 / (1 - 0.99 * 0.99)), 1e-9,
	     "t critical value, df 2, 1%%: 9.92484");
	/* Tables: t(0.975, 10) = 2.228, t(0.975, 30) = 2.042; many df: the normal 1.95996. */
	near(student_t_critical(0.05, 10), 2.228, 0.0005, "t critical value, df 10, 5%%: 2.228");
	near(student_t_critical(0.05, 30), 2.042, 0.0005, "t critical value, df 30, 5%%: 2.042");
	near(student_t_critical(0.05, 1e7), 1.959964, 1e-5, "t critical value, df 1e7, 5%%: the normal 1.959964");
	/* The inverse of the tail at a fractional df and a small alpha. */
	double t = student_t_critical(0.001, 3.7);
	near(student_t_two_sided(t, 3.7), 0.001, 1e-12, "t critical value inverts the tail (df 3.7, 0.1%%)");
}

/* Where the defining inequality of Fieller's interval stands at r. */
static double fieller_side(double ma, double va, double mb, double vb, double t, double r)
{
	return (ma - r * mb) * (ma - r * mb) - t * t * (va + r * r * vb);
}

static void test_fieller(void)
{
	struct ratio_ci ci;

	/* 110 +- 2 against 100 +- 2 (standard errors), t = 2: the ends are the
	 * roots of the inequality, the ratio lies inside, 1 does not (Welch:
	 * 10 / sqrt(8) = 3.54 > 2). */
	fieller_ratio(110, 4, 100, 4, 2, &ci);
	ok(ci.bounded && ci.lo < 1.1 && ci.hi > 1.1, "fieller: 110 against 100 gives an interval around 1.1");
	near(fieller_side(110, 4, 100, 4, 2, ci.lo), 0, 1e-6, "fieller: the lower end is a root");
	near(fieller_side(110, 4, 100, 4, 2, ci.hi), 0, 1e-6, "fieller: the upper end is a root");
	ok(fieller_side(110, 4, 100, 4, 2, ci.lo - 0.01) > 0 &&
	   fieller_side(110, 4, 100, 4, 2, ci.hi + 0.01) > 0, "fieller: just outside the ends, rejected");
	ok(ci.lo > 1, "fieller: 1 is outside when Welch's t (3.54) exceeds the critical value");
	/* t above Welch's: 1 inside. */
	fieller_ratio(110, 4, 100, 4, 4, &ci);
	ok(ci.bounded && ci.lo < 1 && ci.hi > 1,
	   "fieller: 1 inside when Welch's t (3.54) is below the critical value");
	/* No variance: the point itself. */
	fieller_ratio(3, 0, 2, 0, 2, &ci);
	ok(ci.bounded && ci.lo == 1.5 && ci.hi == 1.5, "fieller: no variance gives the ratio itself");
	/* A baseline mean within t standard errors of 0: no finite interval. */
	fieller_ratio(10, 1, 2, 1, 2, &ci);
	ok(!ci.bounded, "fieller: unbounded when the baseline mean is not distinguishable from 0");
}

static void test_batch_means(void)
{
	struct batches b;
	double x[200];

	/* 1 2 3 4 5: deviations -2 -1 0 1 2, lag products 2 + 0 + 0 + 2 = 4, squares 10. */
	double ramp5[] = { 1, 2, 3, 4, 5 };
	is_num(lag1_autocorrelation(ramp5, 5), 0.4, "lag-1 autocorrelation of 1..5 is 0.4");
	is_num(lag1_autocorrelation(ramp5, 1), 0, "lag-1 autocorrelation of one value is 0");

	/* An alternating series has r < 0, taken as 0: tau 1, batches of the
	 * minimum length, at most 10 of them. */
	for (int i = 0; i < 200; i++)
		x[i] = i % 2 ? -1 : 1;
	ok(batch_means(x, 14, &b) == BM_TOO_SHORT && b.k == 0, "batch means: 14 samples are too short");
	ok(batch_means(x, 15, &b) == BM_OK && b.k == 5 && b.len == 3 && b.skipped == 0,
	   "batch means: 15 uncorrelated samples make 5 batches of 3");
	is_num(b.r1, 0, "batch means: negative autocorrelation is taken as 0");
	is_num(b.tau, 1, "batch means: tau is 1 without autocorrelation");
	is_num(b.means[0], 1.0 / 3, "batch means: first batch 1 -1 1");
	is_num(b.means[1], -1.0 / 3, "batch means: second batch -1 1 -1");
	ok(batch_means(x, 107, &b) == BM_OK && b.k == 10 && b.len == 10 && b.skipped == 7,
	   "batch means: 107 samples make 10 batches of 10, the first 7 left out");
	is_num(b.means[0], 0, "batch means: a batch of 10 alternating values averages 0");
	/* A ramp is as correlated as it gets: no batches. */
	for (int i = 0; i < 60; i++)
		x[i] = i;
	ok(batch_means(x, 60, &b) == BM_TOO_CORRELATED && b.k == 0 && b.r1 == BM_R_CAP,
	   "batch means: a ramp of 60 is too autocorrelated");
	/* -1 -1 1 1 ..., 40 values, mean 0: of the 39 lag products the 20
	 * within a pair are +1, the 19 across are -1: r = 1/40.  Corrected:
	 * (40/40 + 1) / 36 = 1/18; tau = (19/18) / (17/18) = 19/17; 3 tau =
	 * 3.35, so batches of 4, 10 of them, each -1 -1 1 1 with mean 0. */
	for (int i = 0; i < 40; i++)
		x[i] = (i / 2) % 2 ? 1 : -1;
	is_num(lag1_autocorrelation(x, 40), 1.0 / 40, "lag-1 autocorrelation of -1 -1 1 1 ... (40) is 1/40");
	ok(batch_means(x, 40, &b) == BM_OK, "batch means: 40 values in pairs are batched");
	is_num(b.r1, 1.0 / 18, "batch means: bias-corrected r (40 r + 1) / 36 = 1/18");
	is_num(b.tau, 19.0 / 17, "batch means: tau (1 + r) / (1 - r) = 19/17");
	ok(b.len == 4 && b.k == 10 && b.skipped == 0 && b.means[9] == 0,
	   "batch means: ceil(3 tau) = 4: 10 batches of 4 with mean 0");
	/* Blocks of four: 1 1 1 1 -1 -1 -1 -1 ..., 96 values: of the 95 lag
	 * products the 23 across a block are -1, the 72 others +1: r = 49/96;
	 * corrected (49 + 1) / 92 = 25/46; tau = (71/46) / (21/46) = 71/21;
	 * 3 tau = 10.14: batches of 11, 8 of them, the first 96 - 88 = 8
	 * values left out.  The first 48 alone: r = 25/48, corrected 26/44,
	 * tau = 70/18, batches of 12: only 4, too few. */
	for (int i = 0; i < 96; i++)
		x[i] = (i / 4) % 2 ? -1 : 1;
	is_num(lag1_autocorrelation(x, 96), 49.0 / 96, "lag-1 autocorrelation of blocks of four (96) is 49/96");
	ok(batch_means(x, 96, &b) == BM_OK && b.len == 11 && b.k == 8 && b.skipped == 8,
	   "batch means: blocks of four, 96 values: 8 batches of 11 (3 tau = 10.14), 8 left out");
	/* x[8..18]: 1 1 1 1, -1 -1 -1 -1, 1 1 1. */
	is_num(b.means[0], 3.0 / 11, "batch means: the first batch starts after the 8 left out");
	ok(batch_means(x, 48, &b) == BM_TOO_CORRELATED && b.len == 12 && b.k == 0,
	   "batch means: blocks of four, 48 values: batches of 12 leave 4, too few");

	/* Pooled r of the batch means: a = 1 2 3 4 5 (mean 3: products 4,
	 * squares 10) and b = 0 0 0 0 0 (nothing): 0.4. */
	struct batches p = { .k = 5, .means = { 1, 2, 3, 4, 5 } }, q = { .k = 5 };
	is_num(batch_means_r1(&p, &q), 0.4, "pooled r of batch means 1..5 and a constant");
}

static void test_compare(void)
{
	struct comparison c;
	double a[] = { 1, 2, 3 }, b[] = { 4, 5, 6 };

	/* The Welch example above: p = 0.0213 < 0.05; the mean changes by
	 * (2 - 5) / 5 = -60%. */
	compare_repeats(a, 3, b, 3, 0.05, &c);
	ok(c.basis == TEST_REPEATS && c.significant, "compare: 1 2 3 against 4 5 6 is significant at 5%%");
	is_num(c.change, -60, "compare: change of the mean -60%%");
	ok(c.ci.bounded && c.ci.lo < -60 && c.ci.hi > -60 && c.ci.hi < 0,
	   "compare: the interval holds -60%% and excludes 0");
	compare_repeats(a, 3, b, 3, 0.01, &c);
	ok(!c.significant && c.ci.bounded && c.ci.hi > 0, "compare: at 1%% not significant, the interval holds 0");
	compare_repeats(a, 2, b, 3, 0.05, &c);
	ok(c.basis == TEST_NONE && c.why == NO_CLAIM_FEW_VALUES && !c.significant,
	   "compare: 2 values on a side: no claim");
	is_num(c.change, 100 * (1.5 / 5 - 1), "compare: with no claim the change of the mean is still given");

	/* Series: white noise of 30 samples each, one side 10 higher. */
	double s[30], t[30], ramp[30];
	for (int i = 0; i < 30; i++)
		s[i] = 100 + (i * 7 % 11) - 5;
	for (int i = 0; i < 30; i++) {
		t[i] = s[(i + 13) % 30] + 10;
		ramp[i] = i;
	}
	compare_series(t, 30, s, 30, 0.05, &c);
	ok(c.basis == TEST_BATCHES && c.n >= BM_MIN_BATCHES && c.base_n >= BM_MIN_BATCHES,
	   "compare: two series of 30 are tested on batch means");
	ok(c.significant && c.ci.lo > 0,
	   "compare: a shift of 10 (about 10 standard deviations of a batch mean) is found");
	compare_series(s, 10, s, 30, 0.05, &c);
	ok(c.basis == TEST_NONE && c.why == NO_CLAIM_SERIES_SHORT && !c.significant,
	   "compare: a series of 10 samples: no claim (too short)");
	compare_series(ramp, 30, s, 30, 0.05, &c);
	ok(c.basis == TEST_NONE && c.why == NO_CLAIM_SERIES_CORRELATED && !c.significant,
	   "compare: a ramp: no claim (too autocorrelated)");
	/* A step in mid-series: each half flat, so the raw r is high. */
	for (int i = 0; i < 30; i++)
		ramp[i] = 100 + (i < 15 ? 0 : 20) + (i % 3);
	compare_series(ramp, 30, s, 30, 0.05, &c);
	ok(c.basis == TEST_NONE && c.why == NO_CLAIM_SERIES_CORRELATED, "compare: a step: no claim");
}

/* Against R's power.t.test(delta = 1, sd = SD, power = 0.8), which
 * solves the noncentral t exactly: n = 16.71 for sd 1, 63.77 for sd 2,
 * 5.09 for sd 0.5; our central-t iteration rounds up to the same boots.
 * With a threshold: the measured change must also reach it, n = 2 (t(0.8,
 * 2n - 2) cov / (change - threshold))^2; for cov 1, change 1.2, threshold
 * 1: 2 (0.8416 / 0.2)^2 = 35.41 with the normal quantile, and t(0.8, 69.7)
 * = 0.8468 by the Cornish-Fisher expansion z + (z^3 + z) / (4 df) gives
 * 35.86: 36 boots (the test alone would need 12). */
static void test_boots_needed(void)
{
	ok(boots_needed(1, 1, 0, 0.05, 0.8) == 17, "boots_needed: cov = change: 17 (R: 16.71)");
	ok(boots_needed(2, 1, 0, 0.05, 0.8) == 64, "boots_needed: cov = 2 x change: 64 (R: 63.77)");
	ok(boots_needed(0.5, 1, 0, 0.05, 0.8) == 6, "boots_needed: cov = change / 2: 6 (R: 5.09)");
	ok(boots_needed(2, 2, 0, 0.05, 0.8) == 17, "boots_needed: only the ratio of cov to change counts");
	ok(boots_needed(0.01, 5, 0, 0.05, 0.8) == MIN_BOOTS, "boots_needed: never fewer than MIN_BOOTS");
	ok(boots_needed(1, 1, 0, 0.01, 0.8) > 17 && boots_needed(1, 1, 0, 0.05, 0.9) > 17,
	   "boots_needed: more confidence or more power need more boots");
	ok(boots_needed(NAN, 1, 0, 0.05, 0.8) == 0 && boots_needed(1, 0, 0, 0.05, 0.8) == 0 &&
	   boots_needed(-1, 1, 0, 0.05, 0.8) == 0, "boots_needed: 0 without a spread or a change");
	ok(boots_needed(1e4, 1, 0, 0.05, 0.8) == SIZE_MAX, "boots_needed: SIZE_MAX past a million");
	ok(boots_needed(1, 1.2, 1, 0.05, 0.8) == 36,
	   "boots_needed: a change of 1.2 %% at a threshold of 1 %%, cov 1 %%: 36 (by hand: 35.86)");
	ok(boots_needed(1, 2, 0.5, 0.05, 0.8) == boots_needed(1, 2, 0, 0.05, 0.8),
	   "boots_needed: a threshold far below the change needs no more boots than the test");
	ok(boots_needed(1, 1, 1, 0.05, 0.8) == 0 && boots_needed(1, 0.5, 1, 0.05, 0.8) == 0,
	   "boots_needed: 0 for a change not above the threshold");
	ok(change_detectable(1, 36, 1, 0.05, 0.8) <= 1.2 && change_detectable(1, 35, 1, 0.05, 0.8) > 1.2,
	   "change_detectable: 36 boots mark 1.2 %% at a threshold of 1 %%, 35 do not");
	ok(change_detectable(0, 3, 1, 0.05, 0.8) == 1, "change_detectable: no spread: the threshold");
}

/* comparison_mark: significant and at least the threshold either way. */
static void test_mark(void)
{
	double a[] = { 101.0, 101.1, 100.9, 101.0 }, b[] = { 100.0, 100.1, 99.9, 100.0 };
	struct comparison c;

	compare_boots(a, 4, b, 4, 0.05, &c);
	ok(c.significant, "mark: +1.0 %% with a spread of 0.1 is significant");
	comparison_mark(&c, 1.01);
	ok(!c.marked && c.threshold == 1.01, "mark: +1.0 %% at a threshold of 1.01 %%: not marked");
	comparison_mark(&c, 0.99);
	ok(c.marked, "mark: +1.0 %% at a threshold of 0.99 %%: marked");
	compare_boots(b, 4, a, 4, 0.05, &c);
	comparison_mark(&c, 0.5);
	ok(c.marked && c.change < 0, "mark: -1.0 %% at a threshold of 0.5 %%: marked, either way");
	compare_boots(a, 2, b, 2, 0.05, &c);
	comparison_mark(&c, 0);
	ok(!c.marked && c.basis == TEST_NONE, "mark: no claim (2 boots a side) is never marked");
	a[0] = 99;
	a[1] = 103;
	compare_boots(a, 4, b, 4, 0.05, &c);
	comparison_mark(&c, 0);
	ok(!c.significant && !c.marked, "mark: not significant: not marked at a threshold of 0");
}

int main(void)
{
	test_describe();
	test_beta();
	test_welch();
	test_critical();
	test_fieller();
	test_batch_means();
	test_compare();
	test_boots_needed();
	test_mark();
	return tap_done();
}
