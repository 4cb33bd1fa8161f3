/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fieller.c: Fieller's interval for a ratio of means (E. C. Fieller,
 * "Some problems in interval estimation", J. R. Stat. Soc. B 16, 1954).
 * The inequality (ma - r mb)^2 <= t^2 (va + r^2 vb) is the quadratic
 * a r^2 - 2 b r + c <= 0 with a = mb^2 - t^2 vb, b = ma mb,
 * c = ma^2 - t^2 va; for a > 0 its roots bound the interval.
 */
#include "report/stats/fieller.h"

#include <math.h>

void fieller_ratio(double ma, double va, double mb, double vb, double t, struct ratio_ci *ci)
{
	double a = mb * mb - t * t * vb, b = ma * mb;
	/* b^2 - a c, written so that it cannot come out negative by rounding. */
	double disc = t * t * (va * a + vb * ma * ma);
	double root;

	ci->lo = ci->hi = NAN;
	ci->bounded = a > 0 && isfinite(disc);
	if (!ci->bounded)
		return;
	root = sqrt(disc > 0 ? disc : 0);
	ci->lo = (b - root) / a;
	ci->hi = (b + root) / a;
}
