/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * svg_axis.h: the y axis of a chart (svg.h): its range and round ticks,
 * linear or logarithmic, and the ticks' labels.
 */
#ifndef BOOTBENCH_REPORT_SVG_AXIS_H
#define BOOTBENCH_REPORT_SVG_AXIS_H

#include <stddef.h>

/* The y axis of a chart: from lo to hi, ticks at ticks[0..n). */
struct svg_axis {
	double lo, hi;
	double ticks[32];
	size_t n;
	int decimals;           /* the most any tick label needs */
	int log;                /* logarithmic */
};

/* A linear axis with round steps covering [min, max] and 0. */
void svg_axis_linear(double min, double max, struct svg_axis *a);
/* A logarithmic axis from the decade at or below min > 0 to the decade
 * at or above max, ticks at 1, 2 and 5 times each power of ten (at the
 * powers alone beyond 3 decades). */
void svg_axis_log(double min, double max, struct svg_axis *a);
/* The label of tick i: as many decimals as the axis's step has (linear:
 * "0.0", "0.5", "1.0"), or as that tick itself needs (log: "0.1", "1",
 * "10"). */
void svg_axis_label(const struct svg_axis *a, size_t i, char *buf, size_t size);
/* A round step (1, 2 or 5 times a power of ten) so that about n steps
 * cover span, and the decimals its multiples need. */
double svg_nice_step(double span, int n);
int svg_step_decimals(double step);

#endif
