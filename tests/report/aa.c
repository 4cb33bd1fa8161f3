/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * aa.c: the comparison of report/compare.c on synthetic data whose truth
 * is known.
 *
 * A/A: two series of the same AR(1) process (x_t = phi x_t-1 + e_t, the
 * autocorrelation of per-second samples) per pair, many pairs per phi.
 * The fraction marked significant at 5% must stay within the binomial
 * bound of 5% (the upper 99.9% quantile of Binomial(pairs, 0.05)); plain
 * Welch on the raw samples, the report's former method, is shown to
 * break that bound.  Then repeats (5 a side, CoV 3%) with no shift and
 * with a 10% shift, and a 5% shift between single AR(1) series: the
 * shift must be found in at least 90% of the trials, and the confidence
 * intervals must hold the true change as often as their level says.
 * Boots: a boot's own level varies (CoV 10%) far more than the repeats
 * inside it (CoV 2%); the test on one value per boot stays within the
 * bound with 3 to 5 boots a side, a test of the repeats on the same data
 * is far above it, and a 20% shift with 5 boots a side is found.
 * Every random number comes from a fixed seed, so each run prints the
 * same figures.
 */
#include "report/stats/compare.h"
#include "common/stats.h"
#include "report/stats/welch.h"

#include "tests/lib/tap.h"

#include <math.h>
#include <stdint.h>

#define PAIRS 2000          /* pairs or trials per case */
#define ALPHA 0.05
#define BOUND_P 0.999       /* the binomial bounds are 99.9% quantiles */
#define MIN_LEN 30          /* series lengths, uniform in [MIN_LEN, MAX_LEN] */
#define MAX_LEN 120
#define MEAN 1000.0         /* tps, say */
#define SD (0.05 * MEAN)    /* the marginal standard deviation of a sample */

/* ---- xoshiro256** (Blackman and Vigna), seeded by splitmix64 ---- */

static uint64_t rng[4];

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void seed(uint64_t s)
{
	for (int i = 0; i < 4; i++)
		rng[i] = splitmix64(&s);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t next(void)
{
	uint64_t r = rotl(rng[1] * 5, 7) * 9, t = rng[1] << 17;

	rng[2] ^= rng[0];
	rng[3] ^= rng[1];
	rng[1] ^= rng[2];
	rng[0] ^= rng[3];
	rng[2] ^= t;
	rng[3] = rotl(rng[3], 45);
	return r;
}

/* Uniform in (0, 1). */
static double uniform(void)
{
	return ((double)(next() >> 11) + 0.5) * 0x1.0p-53;
}

/* Standard normal, by Box and Muller. */
static double normal(void)
{
	return sqrt(-2 * log(uniform())) * cos(2 * M_PI * uniform());
}

static size_t length(void)
{
	return MIN_LEN + (size_t)(next() % (MAX_LEN - MIN_LEN + 1));
}

/* x[0..n) of a stationary AR(1) process with mean mu, marginal standard
 * deviation sd and lag-1 autocorrelation phi. */
static void ar1(double *x, size_t n, double phi, double mu, double sd)
{
	double e = sd * normal();

	for (size_t i = 0; i < n; i++) {
		x[i] = mu + e;
		e = phi * e + sqrt(1 - phi * phi) * sd * normal();
	}
}

/* ---- binomial bounds ---- */

static double binomial_pmf(int k, int n, double p)
{
	return exp(lgamma(n + 1) - lgamma(k + 1) - lgamma(n - k + 1) +
		   k * log(p) + (n - k) * log1p(-p));
}

/* The smallest x with P(X <= x) >= q for X ~ Binomial(n, p). */
static int binomial_upper(int n, double p, double q)
{
	double cdf = 0;

	for (int x = 0; x <= n; x++) {
		cdf += binomial_pmf(x, n, p);
		if (cdf >= q)
			return x;
	}
	return n;
}

/* The largest x with P(X < x) <= 1 - q. */
static int binomial_lower(int n, double p, double q)
{
	double cdf = 0;

	for (int x = 0; x <= n; x++) {
		cdf += binomial_pmf(x, n, p);
		if (cdf > 1 - q)
			return x;
	}
	return n;
}

/* Whether the interval of c agrees with its mark: significant exactly when
 * the interval excludes 0 (an unbounded interval is not read). */
static bool consistent(const struct comparison *c)
{
	if (c->basis == TEST_NONE)
		return !c->significant;
	if (!c->ci.bounded)
		return true;
	return c->significant == (c->ci.lo > 0 || c->ci.hi < 0);
}

/* ---- A/A on single series ---- */

static void aa_series(double phi, int upper, int lower)
{
	double a[MAX_LEN], b[MAX_LEN];
	int sig = 0, tested = 0, raw = 0, bad = 0, covered = 0;

	for (int i = 0; i < PAIRS; i++) {
		size_t n = length();
		struct comparison c;
		struct welch w;

		ar1(a, n, phi, MEAN, SD);
		ar1(b, n, phi, MEAN, SD);
		welch_test(a, n, b, n, &w);
		raw += w.p < ALPHA;
		compare_series(a, n, b, n, ALPHA, &c);
		tested += c.basis != TEST_NONE;
		sig += c.significant;
		bad += !consistent(&c);
		covered += c.basis != TEST_NONE && c.ci.bounded && c.ci.lo <= 0 && c.ci.hi >= 0;
	}
	printf("# A/A single series, phi %.1f, %d pairs of %d-%d samples: batch means mark %d "
	       "(%.2f%%, bound %d = %.2f%%), tested %d (%.1f%%), %.2f%% of those tested; "
	       "plain Welch on the samples marks %d (%.2f%%)\n",
	       phi, PAIRS, MIN_LEN, MAX_LEN, sig, 100.0 * sig / PAIRS, upper, 100.0 * upper / PAIRS,
	       tested, 100.0 * tested / PAIRS, tested ? 100.0 * sig / tested : 0.0,
	       raw, 100.0 * raw / PAIRS);
	ok(sig <= upper, "A/A, AR(1) phi %.1f: batch means mark %d of %d pairs significant, "
	   "at most %d (binomial 99.9%% bound at 5%%)", phi, sig, PAIRS, upper);
	ok(bad == 0, "A/A, AR(1) phi %.1f: * exactly when the interval excludes 0 (%d disagree)", phi, bad);
	if (phi == 0) {
		/* Without autocorrelation the method must test nearly every pair
		 * and reach the nominal rate, not hide in refusals. */
		ok(tested >= PAIRS * 9 / 10, "A/A, white noise: %d of %d pairs tested (at least 90%%)",
		   tested, PAIRS);
		ok(sig >= lower, "A/A, white noise: %d marked, at least %d (lower 99.9%% bound): "
		   "the test is not merely timid", sig, lower);
		ok(raw <= upper, "A/A, white noise: plain Welch on the samples is right here (%d marked)", raw);
		/* Coverage of the interval: 95% of the tested pairs. */
		int miss = tested - covered;
		int miss_upper = binomial_upper(tested, ALPHA, BOUND_P);
		printf("# white noise: the 95%% interval misses 0 in %d of %d tested pairs (bound %d)\n",
		       miss, tested, miss_upper);
		ok(miss <= miss_upper, "A/A, white noise: the interval misses the true change 0 in %d "
		   "of %d pairs, at most %d", miss, tested, miss_upper);
	}
	if (phi >= 0.8)
		ok(raw > upper, "A/A, AR(1) phi %.1f: plain Welch on the samples marks %d of %d pairs "
		   "(%.1f%%), above the bound %d: the problem batch means fix", phi, raw, PAIRS,
		   100.0 * raw / PAIRS, upper);
}

/* ---- repeats ---- */

static void repeats(size_t n, double shift, double cov, int *sig_right, int *sig, int *covered)
{
	double a[16], b[16];
	struct comparison c;

	for (size_t i = 0; i < n; i++) {
		a[i] = MEAN * (1 + shift) * (1 + cov * normal());
		b[i] = MEAN * (1 + cov * normal());
	}
	compare_repeats(a, n, b, n, ALPHA, &c);
	*sig += c.significant;
	*sig_right += c.significant && c.change > 0;
	*covered += c.ci.bounded && c.ci.lo <= 100 * shift && c.ci.hi >= 100 * shift;
}

static void test_repeats(int upper)
{
	for (size_t n = 3; n <= 5; n += 2) {
		int right = 0, sig = 0, cov = 0;
		for (int i = 0; i < PAIRS; i++)
			repeats(n, 0, 0.03, &right, &sig, &cov);
		printf("# A/A repeats, %zu a side, CoV 3%%: %d of %d marked (%.2f%%, bound %d); the interval "
		       "misses 0 in %d\n", n, sig, PAIRS, 100.0 * sig / PAIRS, upper, PAIRS - cov);
		ok(sig <= upper, "A/A, %zu repeats a side: %d of %d marked, at most %d", n, sig, PAIRS, upper);
	}
	int right = 0, sig = 0, cov = 0;
	for (int i = 0; i < PAIRS; i++)
		repeats(5, 0.10, 0.03, &right, &sig, &cov);
	printf("# 10%% shift, 5 repeats a side, CoV 3%%: found in %d of %d trials (%.1f%%); "
	       "the interval misses +10%% in %d (bound %d)\n",
	       right, PAIRS, 100.0 * right / PAIRS, PAIRS - cov, upper);
	ok(right >= PAIRS * 9 / 10, "10%% shift, 5 repeats a side: found in %d of %d trials (at least 90%%)",
	   right, PAIRS);
	ok(PAIRS - cov <= upper, "10%% shift, 5 repeats a side: the 95%% interval misses it in %d trials, "
	   "at most %d", PAIRS - cov, upper);
}

/* ---- boots ---- */

#define BOOT_COV 0.10       /* the spread of a boot's own level */
#define REPEAT_COV 0.02     /* the spread of the repeats inside a boot */
#define BOOT_REPEATS 3

/* One side of an experiment: nb boots of BOOT_REPEATS repeats each,
 * mean MEAN * (1 + shift); values in v, their boots in id. */
static size_t boots_side(size_t nb, double shift, double *v, size_t *id)
{
	size_t n = 0;

	for (size_t k = 0; k < nb; k++) {
		double level = MEAN * (1 + shift) * (1 + BOOT_COV * normal());
		for (int r = 0; r < BOOT_REPEATS; r++) {
			v[n] = level * (1 + REPEAT_COV * normal());
			id[n++] = k;
		}
	}
	return n;
}

/* PAIRS experiments of nb boots a side; the cells marked significant
 * (in the direction of the shift, when there is one) on the boots and,
 * with the repeats taken as independent, on the repeats. */
static void boots(size_t nb, double shift, int *on_boots, int *on_repeats, int *bad)
{
	double a[16 * BOOT_REPEATS], b[16 * BOOT_REPEATS], ma[16], mb[16], w;
	size_t ia[16 * BOOT_REPEATS], ib[16 * BOOT_REPEATS];

	*on_boots = *on_repeats = *bad = 0;
	for (int i = 0; i < PAIRS; i++) {
		struct comparison c, r;
		size_t na = boots_side(nb, shift, a, ia), nbv = boots_side(nb, 0, b, ib);
		size_t ka = boot_medians(a, ia, na, ma, &w), kb = boot_medians(b, ib, nbv, mb, &w);
		compare_boots(ma, ka, mb, kb, ALPHA, &c);
		compare_repeats(a, na, b, nbv, ALPHA, &r);
		*bad += c.basis != TEST_BOOTS || ka != nb || !consistent(&c);
		*on_boots += c.significant && (shift == 0 || c.change > 0);
		*on_repeats += r.significant && (shift == 0 || r.change > 0);
	}
}

static void test_boots(int upper)
{
	int sig, old, bad;
	double m[2], w;
	const double v[] = { 100, 102, 98, 200, 210 };
	const size_t id[] = { 7, 7, 7, 3, 3 };
	struct comparison c;
	size_t k = boot_medians(v, id, 5, m, &w);

	ok(k == 2 && m[0] == 100 && m[1] == 205 &&
	   fabs(w - 50 * (stats_cov(v, 3) + stats_cov(v + 3, 2))) < 1e-9, "boot_medians: medians %g, %g; within CoV %g%% "
	   "(the median over the boots)", m[0], m[1], w);
	compare_boots(m, 2, m, 2, ALPHA, &c);
	ok(c.basis == TEST_NONE && c.why == NO_CLAIM_FEW_BOOTS && !c.significant,
	   "2 boots a side: no claim");
	for (size_t nb = 3; nb <= 5; nb++) {
		boots(nb, 0, &sig, &old, &bad);
		printf("# A/A, %zu boots a side, boot CoV %.0f%%, %d repeats of CoV %.0f%%: %d of %d marked "
		       "on the boots (%.2f%%, bound %d); the repeats taken as independent mark %d (%.1f%%)\n",
		       nb, 100 * BOOT_COV, BOOT_REPEATS, 100 * REPEAT_COV, sig, PAIRS, 100.0 * sig / PAIRS,
		       upper, old, 100.0 * old / PAIRS);
		ok(sig <= upper && bad == 0, "A/A, %zu boots a side: %d of %d marked on the boots, at most %d",
		   nb, sig, PAIRS, upper);
		ok(old > 4 * upper, "A/A, %zu boots a side: a test of the repeats marks %d, more than 4 times "
		   "the bound %d", nb, old, upper);
	}
	boots(5, 0.20, &sig, &old, &bad);
	printf("# 20%% shift, 5 boots a side: found on the boots in %d of %d trials (%.1f%%)\n", sig,
	       PAIRS, 100.0 * sig / PAIRS);
	/* A shift of 2 boot standard deviations: a t-test on 5 a side finds
	 * it about 2 times in 3. */
	ok(sig >= PAIRS * 3 / 5 && bad == 0, "20%% shift, 5 boots a side: found in %d of %d trials "
	   "(at least 60%%)", sig, PAIRS);
}

/* ---- a shift between single series ---- */

static void test_series_shift(double phi, double shift, size_t n, bool check)
{
	double a[MAX_LEN], b[MAX_LEN];
	int right = 0, tested = 0, miss = 0;

	for (int i = 0; i < PAIRS; i++) {
		struct comparison c;
		ar1(a, n, phi, MEAN * (1 + shift), SD);
		ar1(b, n, phi, MEAN, SD);
		compare_series(a, n, b, n, ALPHA, &c);
		tested += c.basis != TEST_NONE;
		right += c.significant && c.change > 0;
		miss += c.basis != TEST_NONE && c.ci.bounded &&
			(c.ci.lo > 100 * shift || c.ci.hi < 100 * shift);
	}
	printf("# %.0f%% shift, single series of %zu samples, AR(1) phi %.1f, CoV 5%%: found in %d of %d "
	       "(%.1f%%), tested %d; the interval misses the shift in %d\n", 100 * shift, n, phi,
	       right, PAIRS, 100.0 * right / PAIRS, tested, miss);
	if (check)
		ok(right >= PAIRS * 9 / 10, "%.0f%% shift, single series of %zu, phi %.1f: found in %d of %d "
		   "trials (at least 90%%)", 100 * shift, n, phi, right, PAIRS);
}

int main(void)
{
	const double phis[] = { 0, 0.5, 0.8, 0.9 };
	int upper = binomial_upper(PAIRS, ALPHA, BOUND_P);
	int lower = binomial_lower(PAIRS, ALPHA, BOUND_P);

	printf("# %d pairs at 5%%: the 99.9%% binomial bounds are %d and %d marked (%.2f%% to %.2f%%)\n",
	       PAIRS, lower, upper, 100.0 * lower / PAIRS, 100.0 * upper / PAIRS);
	/* The bounds themselves: P(X <= upper) >= 0.999 > P(X <= upper - 1). */
	ok(upper > PAIRS * ALPHA && upper < PAIRS * ALPHA * 1.5 && lower < PAIRS * ALPHA,
	   "binomial bounds around the expected %g", PAIRS * ALPHA);
	seed(20261130);
	for (size_t i = 0; i < sizeof phis / sizeof *phis; i++)
		aa_series(phis[i], upper, lower);
	test_repeats(upper);
	test_boots(upper);
	test_series_shift(0.5, 0.05, MAX_LEN, true);
	test_series_shift(0, 0.05, 60, true);
	test_series_shift(0.8, 0.10, MAX_LEN, false);
	return tap_done();
}
