/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * svg.h: line charts as inline SVG (no script, no external resources).
 *
 * Each series is one <g class="series"> carrying the data attributes it
 * is given (data-kernel="..." and the like), so a reader of the page can
 * tell the series apart; its points may have error bars.
 */
#ifndef BOOTBENCH_REPORT_SVG_H
#define BOOTBENCH_REPORT_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct svg_point {
	double x, y;
	double lo, hi;          /* error bar; NAN for none */
};

struct svg_series {
	const char *name;       /* legend text */
	const char *attrs;      /* extra attributes of its <g>, already escaped */
	size_t color;           /* index into the palette */
	bool markers;           /* draw a dot at each point */
	size_t dash;            /* line pattern: 0 solid, then dashes (svg_dash) */
	struct svg_point *pts;
	size_t n;
};

struct svg_chart {
	const char *cls;        /* class of the <svg>, besides "chart" */
	const char *title, *xlabel, *ylabel, *note;
	const double *xticks;   /* tick positions; NULL: chosen from the data */
	const char *const *xtick_labels;
	size_t nxticks;
	struct svg_series *series;
	size_t nseries;
	bool log_y;             /* logarithmic y axis (points <= 0 are left out) */
	double xlo, xhi;        /* the x axis, when xhi > xlo; else from the data */
	bool zero_line;         /* a line at y = 0 */
};

/* The y axis of a chart: from lo to hi, ticks at ticks[0..n). */
struct svg_axis {
	double lo, hi;
	double ticks[32];
	size_t n;
	int decimals;           /* of the tick labels */
};

/* A linear axis with round steps covering [min, max] and 0. */
void svg_axis_linear(double min, double max, struct svg_axis *a);
/* A logarithmic axis from the decade at or below min > 0 to the decade
 * at or above max, ticks at 1, 2 and 5 times each power of ten (at the
 * powers alone beyond 3 decades). */
void svg_axis_log(double min, double max, struct svg_axis *a);
/* The stroke-dasharray of line pattern i ("" for 0: solid). */
const char *svg_dash(size_t i);

void svg_chart(FILE *f, const struct svg_chart *c);
/* One of 10 distinct colours, as "#rrggbb". */
const char *svg_color(size_t i);
/* s with &, <, >, " escaped for HTML and SVG text and attributes. */
void html_escape(FILE *f, const char *s);

#endif
