/* SPDX-License-Identifier: GPL-2.0-only */
/* svg_axis.c: round ticks of linear and logarithmic axes. */
#include "report/svg_axis.h"

#include <math.h>
#include <stdio.h>

double svg_nice_step(double span, int n)
{
	double raw = span / n, mag = pow(10, floor(log10(raw))), r = raw / mag;

	return (r < 1.5 ? 1 : r < 3 ? 2 : r < 7 ? 5 : 10) * mag;
}

int svg_step_decimals(double step)
{
	int d = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);

	return d > 6 ? 6 : d;
}

void svg_axis_linear(double min, double max, struct svg_axis *a)
{
	double step;

	min = fmin(min, 0);
	max = fmax(max, 0);
	if (!(max > min))
		max = min + 1;
	step = svg_nice_step(max - min, 5);
	a->lo = floor(min / step + 1e-9) * step;
	a->hi = ceil(max / step - 1e-9) * step;
	a->n = 0;
	a->log = 0;
	for (double v = a->lo; v <= a->hi + step / 2 && a->n < 32; v += step)
		a->ticks[a->n++] = fabs(v) < step / 1e6 ? 0 : v;
	a->decimals = svg_step_decimals(step);
}

void svg_axis_log(double min, double max, struct svg_axis *a)
{
	static const double mult[] = { 1, 2, 5 };
	int lo, hi;

	if (!(min > 0) || !isfinite(min))
		min = 1;
	if (!(max >= min) || !isfinite(max))
		max = min;
	lo = (int)floor(log10(min) + 1e-9);
	hi = (int)ceil(log10(max) - 1e-9);
	if (hi <= lo)
		hi = lo + 1;
	a->lo = pow(10, lo);
	a->hi = pow(10, hi);
	a->n = 0;
	a->log = 1;
	a->decimals = lo < 0 ? (-lo > 6 ? 6 : -lo) : 0;
	for (int e = lo; e <= hi; e++)
		for (size_t m = 0; m < 3 && a->n < 32; m++) {
			if ((m > 0 && hi - lo > 3) || (e == hi && m > 0))
				continue;
			a->ticks[a->n++] = mult[m] * pow(10, e);
		}
}

void svg_axis_label(const struct svg_axis *a, size_t i, char *buf, size_t size)
{
	double v = a->ticks[i];
	int d = a->decimals;

	if (a->log)
		d = v >= 1 ? 0 : svg_step_decimals(v);
	snprintf(buf, size, "%.*f", d, v);
}
