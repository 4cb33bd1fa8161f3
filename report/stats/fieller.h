/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fieller.h: a confidence interval for the ratio of two means by
 * Fieller's theorem.
 */
#ifndef BOOTBENCH_REPORT_FIELLER_H
#define BOOTBENCH_REPORT_FIELLER_H

#include <stdbool.h>

struct ratio_ci {
	bool bounded;   /* false: the set is not a finite interval */
	double lo, hi;  /* the interval, when bounded */
};

/*
 * The ratios r = ma / mb that a two-sided t-test at critical value t does
 * not reject: (ma - r mb)^2 <= t^2 (va + r^2 vb), where va and vb are the
 * variances of the means ma and mb.  At r = 1 this is Welch's test of
 * ma = mb with the same t, so 1 lies outside the interval exactly when
 * that test rejects.  The set is a finite interval only when mb is itself
 * distinguishable from 0 (mb^2 > t^2 vb); otherwise bounded is false.
 */
void fieller_ratio(double ma, double va, double mb, double vb, double t, struct ratio_ci *ci);

#endif
