/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * html_charts.h: the SVG charts of a table on the HTML page (out_html.c):
 * the primary metric against the rows, latency percentiles, the
 * per-second samples over time with the machine's below them
 * (html_system.c), and each column's change against the baseline
 * (html_relative.c).
 *
 * A series of a column carries data-column, data-value and, when the
 * columns are kernels, data-kernel; its colour is the column's.  Series of
 * the repeats of a cell have the column's colour and a line pattern per
 * repeat (svg_dash).
 */
#ifndef BOOTBENCH_REPORT_HTML_CHARTS_H
#define BOOTBENCH_REPORT_HTML_CHARTS_H

#include "report/model.h"
#include "report/svg.h"

#include <stdbool.h>

#include <stdio.h>

/* The data attributes of a series of column col, escaped. */
char *html_series_attrs(const struct report *r, size_t col);
/* A new series of measurement m of column col in *ser, named
 * "A 6.12..., repeat 2", with the column's colour and the repeat's line. */
struct svg_series *html_series_add(struct svg_series **ser, size_t *n, const struct report *r,
				   size_t col, const struct measurement *m);
void html_series_free(struct svg_series *s, size_t n);
/* ", clients=2" for the titles of a row's charts, "" in a single row. */
char *html_row_suffix(const struct table *t, size_t row);

/* Whether the rows of t are an ordered scale: every one a number (clients,
 * not scripts). */
bool html_rows_ordered(const struct table *t);
/* The offset from a category's tick of the i-th of n things drawn side by
 * side at it, within a half of the space between ticks. */
double html_dodge(size_t i, size_t n);
/* The primary metric against the rows, one series per column: a line
 * through ordered rows; dots, the columns side by side, at rows that are
 * categories (a line between scripts would claim values in between). */
void html_chart_rows(FILE *f, const struct report *r, const struct table *t);
/* The latency percentiles of a row, on a logarithmic scale. */
void html_chart_latency(FILE *f, const struct report *r, const struct table *t, size_t row);
/* The primary metric of each measurement of a row over time; the seconds
 * it covers in *xlo, *xhi.  False (nothing drawn) without samples. */
bool html_chart_time(FILE *f, const struct report *r, const struct table *t, size_t row,
		     double *xlo, double *xhi);
/* Below the chart over time: the machine's per-second samples of the
 * row's measurements on the same seconds (html_system.c). */
void html_system_charts(FILE *f, const struct report *r, const struct table *t, size_t row,
			double xlo, double xhi);
/* Each column's change of the mean against the baseline, one series per
 * row, with its confidence interval as error bars (html_relative.c). */
void html_chart_relative(FILE *f, const struct report *r, const struct table *t);

#endif
