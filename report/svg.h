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
};

void svg_chart(FILE *f, const struct svg_chart *c);
/* One of 10 distinct colours, as "#rrggbb". */
const char *svg_color(size_t i);
/* s with &, <, >, " escaped for HTML and SVG text and attributes. */
void html_escape(FILE *f, const char *s);

#endif
