/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * html_system.c: below a row's chart over time, what the machine did in
 * those seconds: CPU busy and iowait %, the disks' MB/s read and written,
 * context switches per second, from each measurement's
 * series/<id>.sys.csv (doc/monitors.md).
 *
 * The sys.csv's window is the whole measurement, which for pgbench and
 * oltp starts with the warm-up (warmup_s): its row with t_s = warmup_s + N
 * is about second N of series/<id>.csv.  So a row is drawn at
 * t_s - warmup_s, on the seconds of the chart above (a row within half a
 * second of its first or last second at that second: the rows end a few
 * ms after the whole seconds), and the rows of the warm-up and any further
 * beyond the chart's seconds are left out.
 */
#include "report/html_charts.h"

#include "report/diag.h"
#include "report/syscsv.h"
#include "report/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TERMS 4

/* A figure of the machine: base + the columns added - those taken away,
 * over the columns that have a value in the row (none: no point). */
struct sys_figure {
	const char *cls, *title, *ylabel;
	double base;
	const char *plus[MAX_TERMS], *minus[MAX_TERMS];
};

static const struct sys_figure figures[] = {
	{ "cpu-busy", "CPU busy", "% of all CPUs (not idle or iowait)", 100,
	  { NULL }, { "cpu_idle_pct", "cpu_iowait_pct" } },
	{ "iowait", "iowait", "% of all CPUs", 0, { "cpu_iowait_pct" }, { NULL } },
	{ "disk", "disk read + write", "MB/s (target and WAL)", 0,
	  { "disk_target_r_mb_s", "disk_target_w_mb_s", "disk_wal_r_mb_s", "disk_wal_w_mb_s" },
	  { NULL } },
	{ "ctxt", "context switches", "per second", 0, { "ctxt_per_s" }, { NULL } },
};
#define NFIGURES (sizeof figures / sizeof *figures)

/* The sys.csv of m as text, or NULL if it has none or, after a warning
 * naming it, it cannot be read. */
static char *sys_csv(const struct measurement *m)
{
	const char *rel = jr_str(jr_get(jr_get(m->json, "monitors"), "series"));
	char *path, *text;
	size_t len;

	if (!rel)
		return NULL;
	path = xasprintf("%s/%s", m->run->path, rel);
	text = read_file(path, &len);
	if (!text)
		warning_at(path, 0, "the per-second samples of the machine (%s:%d) are not drawn:",
			   m->source, m->line);
	free(path);
	return text;
}

/* Add (sign 1) or take away (-1) column name of text to sum[0..n); have[i]
 * says whether some column had a value in line i. */
static void add_column(const char *text, const char *name, double sign, double *sum, bool *have,
		       size_t n)
{
	size_t nv;
	double *v = csv_column(text, name, &nv);

	for (size_t i = 0; v && i < n && i < nv; i++)
		if (!isnan(v[i])) {
			sum[i] += sign * v[i];
			have[i] = true;
		}
	free(v);
}

/* Figure fig of measurement m (its sys.csv as text) as a series from
 * second xlo to xhi of the chart above. */
static void figure_points(const struct sys_figure *fig, const char *text,
			  const struct measurement *m, double xlo, double xhi, struct svg_series *s)
{
	const char *w = attrs_get(&m->attrs, "warmup_s");
	double warmup = w ? strtod(w, NULL) : 0;
	size_t n;
	double *t = csv_column(text, "t_s", &n), *sum = xcalloc(n + 1, sizeof *sum);
	bool *have = xcalloc(n + 1, sizeof *have);

	for (size_t k = 0; k < MAX_TERMS; k++) {
		if (fig->plus[k])
			add_column(text, fig->plus[k], 1, sum, have, n);
		if (fig->minus[k])
			add_column(text, fig->minus[k], -1, sum, have, n);
	}
	s->pts = xcalloc(n + 1, sizeof *s->pts);
	for (size_t i = 0; t && i < n; i++) {
		double x = t[i] - warmup;
		if (isnan(t[i]) || !have[i] || x < xlo - 0.5 || x > xhi + 0.5)
			continue;
		/* A row that ends a few ms after the chart's last second is
		 * that second's. */
		s->pts[s->n++] = (struct svg_point){ fmin(fmax(x, xlo), xhi), fig->base + sum[i],
						     NAN, NAN };
	}
	free(t);
	free(sum);
	free(have);
}

void html_system_charts(FILE *f, const struct report *r, const struct table *t, size_t row,
			double xlo, double xhi)
{
	struct svg_series *ser[NFIGURES] = { NULL };
	size_t ns[NFIGURES] = { 0 };

	for (size_t col = 0; col < r->ncols; col++) {
		const struct cell *c = &t->cells[row * r->ncols + col];
		for (size_t i = 0; i < c->n; i++) {
			const struct measurement *m = &r->ds->m[c->m[i]];
			char *text = sys_csv(m);
			if (!text)
				continue;
			for (size_t k = 0; k < NFIGURES; k++) {
				struct svg_series *s = html_series_add(&ser[k], &ns[k], r, col, m);
				figure_points(&figures[k], text, m, xlo, xhi, s);
			}
			free(text);
		}
	}
	if (ns[0])
		fprintf(f, "<div class=\"charts system\">\n");
	for (size_t k = 0; k < NFIGURES; k++) {
		char *cls = xasprintf("system %s", figures[k].cls), *suffix = html_row_suffix(t, row);
		char *title = xasprintf("%s%s", figures[k].title, suffix);
		if (ns[k])
			svg_chart(f, &(struct svg_chart){
				.cls = cls, .title = title, .xlabel = "second",
				.ylabel = figures[k].ylabel, .note = "sys.csv at t_s - warmup_s",
				.series = ser[k], .nseries = ns[k], .xlo = xlo, .xhi = xhi,
			});
		free(cls);
		free(suffix);
		free(title);
		html_series_free(ser[k], ns[k]);
	}
	if (ns[0])
		fprintf(f, "</div>\n");
}
