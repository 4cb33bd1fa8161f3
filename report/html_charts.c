/* SPDX-License-Identifier: GPL-2.0-only */
/* html_charts.c: the charts of a table: by rows, latency, over time. */
#include "report/html_charts.h"

#include "report/diag.h"
#include "report/keys.h"
#include "report/measurements.h"
#include "report/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The percentiles a latency chart shows, those the measurements have. */
static const char *const pct_metrics[] = {
	"latency_p50_ms", "latency_p90_ms", "latency_p99_ms", "latency_p999_ms", "latency_p9999_ms",
};
static const char *const pct_labels[] = { "p50", "p90", "p99", "p99.9", "p99.99" };
#define NPCT (sizeof pct_metrics / sizeof *pct_metrics)

char *html_series_attrs(const struct report *r, size_t col)
{
	FILE *m;
	char *buf = NULL;
	size_t len = 0;

	m = open_memstream(&buf, &len);
	if (!m) {
		fail("could not open a memory stream:");
		exit(2);
	}
	fprintf(m, "data-column=\"%s\" data-value=\"", column_letter(col));
	html_escape(m, r->cols[col]);
	fputc('"', m);
	if (strcmp(r->axis, "kernel") == 0 || strcmp(r->axis, KEY_KERNEL_VARIANT) == 0) {
		fprintf(m, " data-kernel=\"");
		html_escape(m, r->cols[col]);
		fputc('"', m);
	}
	fclose(m);
	return buf;
}

struct svg_series *html_series_add(struct svg_series **ser, size_t *n, const struct report *r,
				   size_t col, const struct measurement *m)
{
	struct svg_series *s;

	*ser = xrealloc(*ser, (*n + 1) * sizeof **ser);
	s = &(*ser)[(*n)++];
	memset(s, 0, sizeof *s);
	s->name = xasprintf("%s %s, repeat %d", column_letter(col), r->cols[col], m->repeat);
	s->attrs = html_series_attrs(r, col);
	s->color = col;
	s->dash = m->repeat > 0 ? (size_t)(m->repeat - 1) : 0;
	return s;
}

/* Name and colour a series of column col, or drop it if it has no point.
 * Returns 1 if it stays. */
static int series_finish(struct svg_series *s, const struct report *r, size_t col)
{
	if (!s->n) {
		free(s->pts);
		s->pts = NULL;
		return 0;
	}
	s->name = xasprintf("%s %s", column_letter(col), r->cols[col]);
	s->attrs = html_series_attrs(r, col);
	s->color = col;
	s->markers = true;
	return 1;
}

void html_series_free(struct svg_series *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free((char *)s[i].name);
		free((char *)s[i].attrs);
		free(s[i].pts);
	}
	free(s);
}

char *html_row_suffix(const struct table *t, size_t row)
{
	return t->row_key ? xasprintf(", %s=%s", t->row_key, t->rows[row]) : xstrdup("");
}

bool html_rows_ordered(const struct table *t)
{
	double v;

	for (size_t row = 0; row < t->nrows; row++)
		if (!t->row_key || !is_number(t->rows[row], &v))
			return false;
	return true;
}

double html_dodge(size_t i, size_t n)
{
	return n > 1 ? 0.5 * ((double)i / (double)(n - 1) - 0.5) : 0;
}

/* The primary metric against the rows, one series per column: a line
 * through the rows when they are numbers (clients), else dots, the
 * columns side by side at each row. */
void html_chart_rows(FILE *f, const struct report *r, const struct table *t)
{
	struct svg_series *ser = xcalloc(r->ncols, sizeof *ser);
	double *ticks = xcalloc(t->nrows, sizeof *ticks);
	bool dots = !html_rows_ordered(t);
	size_t ns = 0;
	char *title, *ylabel;

	for (size_t row = 0; row < t->nrows; row++)
		ticks[row] = (double)row;
	for (size_t ci = 0; ci < t->ncols; ci++) {
		size_t col = t->cols[ci];
		struct svg_series *s = &ser[ns];
		double x0 = dots ? html_dodge(ci, t->ncols) : 0;
		s->pts = xcalloc(t->nrows, sizeof *s->pts);
		for (size_t row = 0; row < t->nrows; row++) {
			const struct cell *c = &t->cells[row * r->ncols + col];
			if (c->n == 0)
				continue;
			s->pts[s->n++] = (struct svg_point){ (double)row + x0, c->d.median, c->d.min,
							     c->d.max };
		}
		ns += series_finish(s, r, col);
	}
	title = xasprintf("%s: median %s by %s", t->workload, t->metric, t->row_key ? t->row_key : "case");
	ylabel = xasprintf("%s (%s)", t->metric, t->unit);
	svg_chart(f, &(struct svg_chart){
		.cls = "rows", .title = title, .xlabel = t->row_key ? t->row_key : "",
		.ylabel = ylabel, .note = "the median of each cell; error bars: min to max",
		.xticks = ticks, .xtick_labels = (const char *const *)t->rows, .nxticks = t->nrows,
		.series = ser, .nseries = ns, .dots = dots,
		.xlo = dots ? -0.5 : 0, .xhi = dots ? (double)t->nrows - 0.5 : 0,
	});
	free(title);
	free(ylabel);
	free(ticks);
	html_series_free(ser, ns);
}

bool html_chart_time(FILE *f, const struct report *r, const struct table *t, size_t row,
		     double *xlo, double *xhi)
{
	struct svg_series *ser = NULL;
	size_t ns = 0;

	*xlo = INFINITY;
	*xhi = -INFINITY;
	for (size_t col = 0; col < r->ncols; col++) {
		const struct cell *c = &t->cells[row * r->ncols + col];
		for (size_t i = 0; i < c->n; i++) {
			const struct measurement *m = &r->ds->m[c->m[i]];
			size_t nx, ny;
			double *x = series_read(m, "second", &nx), *y = series_read(m, m->metric, &ny);
			if (x && y && nx == ny && nx > 0) {
				struct svg_series *s = html_series_add(&ser, &ns, r, col, m);
				s->pts = xcalloc(nx, sizeof *s->pts);
				for (size_t k = 0; k < nx; k++) {
					s->pts[s->n++] = (struct svg_point){ x[k], y[k], NAN, NAN };
					*xlo = fmin(*xlo, x[k]);
					*xhi = fmax(*xhi, x[k]);
				}
			}
			free(x);
			free(y);
		}
	}
	if (ns) {
		char *suffix = html_row_suffix(t, row);
		char *title = xasprintf("%s over time%s", t->metric, suffix);
		char *ylabel = xasprintf("%s (%s)", t->metric, t->unit);
		if (!(*xhi > *xlo)) {
			*xlo -= 0.5;
			*xhi += 0.5;
		}
		svg_chart(f, &(struct svg_chart){
			.cls = "time", .title = title, .xlabel = "second", .ylabel = ylabel,
			.note = "line pattern: repeat", .series = ser, .nseries = ns,
			.xlo = *xlo, .xhi = *xhi,
		});
		free(suffix);
		free(title);
		free(ylabel);
	}
	html_series_free(ser, ns);
	return ns > 0;
}

/* The median, min and max over the measurements of c of metric, or false
 * if none has it. */
static bool cell_metric(const struct report *r, const struct cell *c, const char *metric,
			struct svg_point *p)
{
	double *v = xcalloc(c->n ? c->n : 1, sizeof *v);
	size_t k = 0;
	struct describe d;

	for (size_t i = 0; i < c->n; i++)
		if (jr_num(jr_get(jr_get(r->ds->m[c->m[i]].json, "metrics"), metric), &v[k]))
			k++;
	describe(v, k, &d);
	free(v);
	*p = (struct svg_point){ 0, d.median, d.min, d.max };
	return k > 0;
}

void html_chart_latency(FILE *f, const struct report *r, const struct table *t, size_t row)
{
	struct svg_series *ser = xcalloc(r->ncols, sizeof *ser);
	const char *labels[NPCT];
	double ticks[NPCT];
	size_t ns = 0, np = 0, which[NPCT];
	struct svg_point p;

	/* The percentiles some cell of the row has, in order. */
	for (size_t q = 0; q < NPCT; q++)
		for (size_t col = 0; col < r->ncols; col++)
			if (cell_metric(r, &t->cells[row * r->ncols + col], pct_metrics[q], &p)) {
				ticks[np] = (double)np;
				labels[np] = pct_labels[q];
				which[np++] = q;
				break;
			}
	for (size_t col = 0; col < r->ncols && np; col++) {
		const struct cell *c = &t->cells[row * r->ncols + col];
		struct svg_series *s = &ser[ns];
		s->pts = xcalloc(np, sizeof *s->pts);
		for (size_t i = 0; i < np; i++)
			if (cell_metric(r, c, pct_metrics[which[i]], &p)) {
				p.x = (double)i;
				s->pts[s->n++] = p;
			}
		ns += series_finish(s, r, col);
	}
	if (ns) {
		char *suffix = html_row_suffix(t, row);
		char *title = xasprintf("latency percentiles%s", suffix);
		svg_chart(f, &(struct svg_chart){
			.cls = "latency", .title = title, .xlabel = "percentile",
			.ylabel = "latency (ms), log scale",
			.note = "median of the repeats; error bars: min to max",
			.xticks = ticks, .xtick_labels = labels, .nxticks = np,
			.series = ser, .nseries = ns, .log_y = true,
		});
		free(suffix);
		free(title);
	}
	html_series_free(ser, ns);
}
