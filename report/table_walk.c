/* SPDX-License-Identifier: GPL-2.0-only */
/* table_walk.c: a table's parts in the order every output shows them (table_walk.h). */
#include "report/table_walk.h"

#include "report/monitors.h"
#include "report/util.h"

#include <stdlib.h>

/* The heading of the columns t->cols[first..last). */
static void walk_heading(const struct report *r, const struct table *t,
			 const struct table_emitter *e, void *out, size_t first, size_t last)
{
	if (e->heading_start)
		e->heading_start(out, t);
	for (size_t ci = first; ci < last && e->heading_cell; ci++) {
		size_t col = t->cols[ci];
		char *h = xasprintf("%s %s", column_letter(col), r->cols[col]);
		e->heading_cell(out, h);
		free(h);
	}
	if (e->heading_end)
		e->heading_end(out, last - first);
}

/* Line l with its cells in the columns t->cols[first..last). */
static void walk_line(const struct report *r, const struct table *t, const struct table_emitter *e,
		      void *out, const struct table_line *l, size_t first, size_t last)
{
	struct cell_text ct;

	if (e->line_start)
		e->line_start(out, l);
	for (size_t ci = first; ci < last && e->cell; ci++) {
		if (l->monitor)
			monitor_text(r, t, l->k, l->row, t->cols[ci], &ct);
		else
			cell_text(r, t, l->row, t->cols[ci], l->stat, &ct);
		e->cell(out, l, t->cols[ci], &ct);
	}
	if (e->line_end)
		e->line_end(out, l);
}

/* The lines of row: its statistics, then its monitors. */
static void walk_row(const struct report *r, const struct table *t, const struct table_emitter *e,
		     void *out, size_t row, size_t first, size_t last)
{
	for (int s = 0; s < NLINES; s++) {
		struct table_line l = { .row = row, .first = s == 0, .stat = (enum stat_line)s };
		if (!line_shown(r, t, l.stat))
			continue;
		l.label = s == 0 && t->row_key ? t->rows[row] : "";
		l.name = stat_names[s];
		walk_line(r, t, e, out, &l, first, last);
	}
	for (size_t k = 0; monitors_shown(r, t) && k < t->nmonitors; k++) {
		struct table_line l = { .row = row, .label = "", .name = t->monitor_names[k],
					.monitor = true, .k = k };
		walk_line(r, t, e, out, &l, first, last);
	}
}

/* The footnotes and the warnings under the lines. */
static void walk_notes(const struct report *r, const struct table *t,
		       const struct table_emitter *e, void *out)
{
	size_t nfoot, nwarn;
	char **foot = table_footnotes(r, t, &nfoot);
	int *ids = table_warnings(r, t, &nwarn);

	if (e->notes)
		e->notes(out, nfoot, nwarn);
	for (size_t i = 0; i < nfoot && e->footnote; i++)
		e->footnote(out, foot[i]);
	for (size_t i = 0; i < nwarn && e->warning; i++)
		e->warning(out, i, ids[i], &r->legend[ids[i] - 1]);
	free(ids);
	free_lines(foot, nfoot);
}

void table_walk(const struct report *r, const struct table *t, const struct table_emitter *e,
		void *out)
{
	size_t per = e->block_columns ? e->block_columns(out, t) : t->ncols;

	if (e->title)
		e->title(out, t);
	for (size_t first = 0; first < t->ncols; first += per) {
		size_t last = first + per < t->ncols ? first + per : t->ncols;
		walk_heading(r, t, e, out, first, last);
		for (size_t row = 0; row < t->nrows; row++)
			walk_row(r, t, e, out, row, first, last);
	}
	walk_notes(r, t, e, out);
	if (e->end)
		e->end(out, t);
}
