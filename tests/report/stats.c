/*
 * stats.c: tests of report/describe.c and report/welch.c against values
 * obtained independently of this code.
 */
#include "describe.h"
#include "welch.h"

#include "tap.h"

#include <math.h>

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

int main(void)
{
	test_describe();
	test_beta();
	test_welch();
	return tap_done();
}
