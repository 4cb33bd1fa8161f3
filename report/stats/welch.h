/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * welch.h: Welch's unequal-variances t-test and the distribution
 * functions it needs.
 */
#ifndef BOOTBENCH_REPORT_WELCH_H
#define BOOTBENCH_REPORT_WELCH_H

#include <stdbool.h>
#include <stddef.h>

struct welch {
	double t;   /* (mean(a) - mean(b)) / sqrt(var(a)/na + var(b)/nb) */
	double df;  /* Welch–Satterthwaite degrees of freedom */
	double p;   /* two-sided p-value */
};

/*
 * Test whether a[0..na) and b[0..nb) have the same mean.  Needs na, nb >= 2;
 * false otherwise.  When both samples have no variance at all, t is 0 and
 * p is 1 for equal means, t is +-INFINITY and p is 0 for different ones.
 */
bool welch_test(const double *a, size_t na, const double *b, size_t nb, struct welch *w);

/*
 * The same from summary figures: each side's mean, the variance of that
 * mean (the sample variance over the count) and the degrees of freedom of
 * that variance (the count minus 1, > 0).
 */
void welch_from_means(double ma, double va, double dfa, double mb, double vb, double dfb,
		      struct welch *w);

/* Regularized incomplete beta function I_x(a, b), a, b > 0, 0 <= x <= 1. */
double incomplete_beta(double a, double b, double x);

/* Two-sided tail probability P(|T| >= |t|) of Student's t with df degrees. */
double student_t_two_sided(double t, double df);

/* The t >= 0 with student_t_two_sided(t, df) = alpha, 0 < alpha < 1: the
 * critical value of a two-sided test at level alpha. */
double student_t_critical(double alpha, double df);

#endif
