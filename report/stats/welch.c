/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * welch.c: Welch's t-test.  The incomplete beta function is evaluated by
 * its continued fraction with the modified Lentz method (Press et al.,
 * Numerical Recipes, 3rd ed., section 6.4).
 */
#include "report/stats/welch.h"

#include "common/stats.h"

#include <math.h>

#define CF_MAX_ITER 300
#define CF_EPS 1e-15
#define CF_TINY 1e-300

/* One step of the modified Lentz method with the partial numerator aa:
 * updates c and d, returns the factor for h. */
static double lentz_step(double aa, double *c, double *d)
{
	*d = 1 + aa * *d;
	if (fabs(*d) < CF_TINY)
		*d = CF_TINY;
	*c = 1 + aa / *c;
	if (fabs(*c) < CF_TINY)
		*c = CF_TINY;
	*d = 1 / *d;
	return *d * *c;
}

/* The continued fraction of I_x(a, b), for x < (a + 1) / (a + b + 2). */
static double beta_cf(double a, double b, double x)
{
	double qab = a + b, qap = a + 1, qam = a - 1;
	double c = 1, d = 1 - qab * x / qap, h;

	if (fabs(d) < CF_TINY)
		d = CF_TINY;
	d = 1 / d;
	h = d;
	for (int m = 1; m <= CF_MAX_ITER; m++) {
		int m2 = 2 * m;

		/* The even step, then the odd one. */
		h *= lentz_step(m * (b - m) * x / ((qam + m2) * (a + m2)), &c, &d);
		double del = lentz_step(-(a + m) * (qab + m) * x /
					((a + m2) * (qap + m2)), &c, &d);
		h *= del;
		if (fabs(del - 1) < CF_EPS)
			break;
	}
	return h;
}

double incomplete_beta(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(a, b, x) / a;
	return 1 - front * beta_cf(b, a, 1 - x) / b;
}

double student_t_two_sided(double t, double df)
{
	if (isinf(t))
		return 0;
	return incomplete_beta(df / 2, 0.5, df / (df + t * t));
}

/* The density of Student's t with df degrees at t. */
static double student_t_density(double t, double df)
{
	return exp(lgamma((df + 1) / 2) - lgamma(df / 2) - 0.5 * log(df * M_PI) -
		   (df + 1) / 2 * log1p(t * t / df));
}

double student_t_critical(double alpha, double df)
{
	double lo = 0, hi = 1, t;

	/* Bracket the root: the tail falls as t grows. */
	while (student_t_two_sided(hi, df) > alpha && hi < 1e300) {
		lo = hi;
		hi *= 2;
	}
	/* Newton steps on the tail, kept inside the bracket (bisection when
	 * a step leaves it). */
	t = (lo + hi) / 2;
	for (int i = 0; i < 200 && hi - lo > 1e-14 * hi; i++) {
		double f = student_t_two_sided(t, df) - alpha;
		double next;

		if (f > 0)
			lo = t;
		else
			hi = t;
		next = t + f / (2 * student_t_density(t, df));
		t = next > lo && next < hi ? next : (lo + hi) / 2;
		if (f == 0)
			break;
	}
	return t;
}

void welch_from_means(double ma, double va, double dfa, double mb, double vb, double dfb,
		      struct welch *w)
{
	if (va + vb == 0) {
		w->t = ma == mb ? 0 : copysign(INFINITY, ma - mb);
		w->df = dfa + dfb;
		w->p = ma == mb ? 1 : 0;
		return;
	}
	w->t = (ma - mb) / sqrt(va + vb);
	w->df = (va + vb) * (va + vb) / (va * va / dfa + vb * vb / dfb);
	w->p = student_t_two_sided(w->t, w->df);
}

bool welch_test(const double *a, size_t na, const double *b, size_t nb, struct welch *w)
{
	double sa, sb;

	if (na < 2 || nb < 2)
		return false;
	sa = stats_stddev(a, na);
	sb = stats_stddev(b, nb);
	welch_from_means(stats_mean(a, na), sa * sa / (double)na, (double)(na - 1),
			 stats_mean(b, nb), sb * sb / (double)nb, (double)(nb - 1), w);
	return true;
}
