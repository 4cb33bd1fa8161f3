/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * svg.h: charts as inline SVG (no script, no external resources).
 *
 * Each series is one <g class="series"> carrying the data attributes it
 * is given (data-kernel="..." and the like), so a reader of the page can
 * tell the series apart; its points may have error bars.  A series is a
 * line through its points, or its points alone (dots) where the x axis is
 * a set of categories and a line would claim values in between.
 *
 * The texts are laid out so that none overlaps another or the plot: the
 * title and the caption on lines of their own above the plot (broken into
 * lines as the width needs), the y tick labels beside it as wide as the
 * widest, the x tick labels below it side by side when they fit, else
 * slanted or upright, then the x axis's label, then the legend with one
 * entry per series name.  The plot area is <rect class="plot">.
 */
#ifndef BOOTBENCH_REPORT_SVG_H
#define BOOTBENCH_REPORT_SVG_H

#include "report/svg_axis.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct svg_point {
	double x, y;
	double lo, hi;          /* error bar; NAN for none */
};

struct svg_series {
	const char *name;       /* legend text; series of one name share an entry */
	const char *attrs;      /* extra attributes of its <g>, already escaped */
	size_t color;           /* index into the palette */
	bool markers;           /* draw a dot at each point */
	size_t dash;            /* line pattern: 0 solid, then dashes (svg_dash) */
	struct svg_point *pts;
	size_t n;
};

struct svg_chart {
	const char *cls;        /* class of the <svg>, besides "chart" */
	const char *title, *xlabel, *ylabel;
	const char *note;       /* the caption under the title, or NULL */
	const double *xticks;   /* tick positions; NULL: chosen from the data */
	const char *const *xtick_labels;
	size_t nxticks;
	struct svg_series *series;
	size_t nseries;
	bool log_y;             /* logarithmic y axis (points <= 0 are left out) */
	bool dots;              /* the points alone, no line between them */
	double xlo, xhi;        /* the x axis, when xhi > xlo; else from the data */
	bool zero_line;         /* a line at y = 0 */
};

/* The stroke-dasharray of line pattern i ("" for 0: solid). */
const char *svg_dash(size_t i);

void svg_chart(FILE *f, const struct svg_chart *c);
/* One of 10 distinct colours, as "#rrggbb". */
const char *svg_color(size_t i);
/* s with &, <, >, " escaped for HTML, SVG and XML text and attributes
 * (control characters but tab and newline, which XML 1.0 cannot hold, as
 * '?'). */
void html_escape(FILE *f, const char *s);

#endif
