/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * html_relative.c: a table's changes against its baseline column as a
 * chart: for each other column (x, named by its value of the axis) and
 * row (a series), the change of the mean of the boots' values, the figure
 * the test compares, with its confidence interval as the error bar; a
 * point without one is a change with no claim (fewer than MIN_BOOTS boots
 * on a side) or an unbounded interval.  The columns are categories: dots,
 * the rows side by side, no lines.
 */
#include "report/html_charts.h"

#include "report/util.h"

#include <math.h>
#include <stdlib.h>

void html_chart_relative(FILE *f, const struct report *r, const struct table *t)
{
	struct svg_series *ser = xcalloc(t->nrows + 1, sizeof *ser);
	double *ticks = xcalloc(t->ncols + 1, sizeof *ticks);
	const char **labels = xcalloc(t->ncols + 1, sizeof *labels);
	size_t ns = 0, nx = 0;
	char *title, *note;

	for (size_t ci = 0; ci < t->ncols; ci++)
		if (t->cols[ci] != r->baseline) {
			ticks[nx] = (double)nx;
			labels[nx++] = r->cols[t->cols[ci]];
		}
	for (size_t row = 0; row < t->nrows && t->has_baseline && nx; row++) {
		struct svg_series *s = &ser[ns];
		double offset = html_dodge(row, t->nrows);
		size_t x = 0;
		s->pts = xcalloc(t->ncols + 1, sizeof *s->pts);
		for (size_t ci = 0; ci < t->ncols; ci++) {
			const struct cell *c = &t->cells[row * r->ncols + t->cols[ci]];
			if (t->cols[ci] == r->baseline)
				continue;
			if (c->compared && isfinite(c->cmp.change)) {
				bool ci_known = c->cmp.basis != TEST_NONE && c->cmp.ci.bounded;
				s->pts[s->n++] = (struct svg_point){ (double)x + offset, c->cmp.change,
					ci_known ? c->cmp.ci.lo : NAN, ci_known ? c->cmp.ci.hi : NAN };
			}
			x++;
		}
		if (!s->n) {
			free(s->pts);
			continue;
		}
		s->name = t->row_key ? xasprintf("%s=%s", t->row_key, t->rows[row]) : xstrdup("all");
		s->attrs = xasprintf("data-row=\"%zu\"", row);
		s->color = row;
		s->markers = true;
		ns++;
	}
	if (ns) {
		title = xasprintf("%s: change of %s against %s=%s", t->workload, t->metric, r->axis,
				  r->cols[r->baseline]);
		note = xasprintf("error bars: %g%% confidence interval; a dot without one: no claim",
				 r->opt->confidence);
		svg_chart(f, &(struct svg_chart){
			.cls = "relative", .title = title, .xlabel = r->axis,
			.ylabel = "change of the mean of the boots (%)", .note = note,
			.xticks = ticks, .xtick_labels = labels, .nxticks = nx,
			.series = ser, .nseries = ns, .zero_line = true, .dots = true,
			.xlo = -0.5, .xhi = (double)nx - 0.5,
		});
		free(title);
		free(note);
	}
	html_series_free(ser, ns);
	free(ticks);
	free(labels);
}
