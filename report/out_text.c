/* SPDX-License-Identifier: GPL-2.0-only */
/* out_text.c: the plain text report, at most TEXT_WIDTH columns wide. */
#include "report/output.h"

#include "report/clocks.h"
#include "report/layout.h"
#include "report/profile/prof_output.h"
#include "report/table_walk.h"
#include "report/text_wrap.h"
#include "report/util.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Print line without its trailing spaces, and free it. */
static void rstrip_print(FILE *f, char *line)
{
	size_t len = strlen(line);

	while (len > 0 && line[len - 1] == ' ')
		line[--len] = '\0';
	fprintf(f, "%s\n", line);
	free(line);
}

static void header(FILE *f, const struct report *r)
{
	char *line;

	line = xasprintf("%zu run%s of suite %s%s%s; columns by %s; baseline %s.", r->ds->nruns,
			 r->ds->nruns == 1 ? "" : "s", report_suite(r),
			 r->opt->case_id ? "; case " : "", r->opt->case_id ? r->opt->case_id : "",
			 r->axis, column_letter(r->baseline));
	text_wrapped(f, "bootbench-report: ", 4, line);
	free(line);
	if ((line = clocks_note(r->ds))) {
		text_wrapped(f, "Clock: ", 4, line);
		free(line);
	}
	for (size_t c = 0; c < r->ncols; c++) {
		char *runs = column_runs(r, c), prefix[16];
		snprintf(prefix, sizeof prefix, "  %-3s", column_letter(c));
		text_wrapped(f, prefix, 5, r->cols[c]);
		text_wrapped(f, "     runs: ", 11, runs);
		free(runs);
	}
	line = xstrdup("");
	for (size_t i = 0; i < r->nfacts; i++) {
		if (r->facts[i].nvalues != 1)
			continue;
		char *n = xasprintf("%s%s%s: %s", line, *line ? "; " : "", r->facts[i].key,
				    r->facts[i].values[0]);
		free(line);
		line = n;
	}
	if (*line)
		text_wrapped(f, "Same in every run: ", 4, line);
	free(line);
	/* Passes: what differs, what varies alike in every column, what
	 * follows the axis (the kernel's config when the columns are kernels). */
	for (int pass = 0; pass < 3; pass++) {
		bool any = false;
		for (size_t i = 0; i < r->nfacts; i++) {
			const struct fact *fa = &r->facts[i];
			if (fa->nvalues < 2 || fa->differs != (pass == 0) ||
			    (pass > 0 && fa->follows_axis != (pass == 2)))
				continue;
			if (!any)
				fprintf(f, pass == 0 ? "WARNING: the runs differ in more than the %s:\n" :
					pass == 1 ? "Varies alike in every column:\n" :
					"Follows the %s:\n", r->axis);
			any = true;
			line = xstrdup("");
			for (size_t v = 0; v < fa->nvalues; v++) {
				char *n = xasprintf("%s%s%s (%s)", line, v ? "; " : "", fa->values[v], fa->columns[v]);
				free(line);
				line = n;
			}
			char *prefix = xasprintf("  %s: ", fa->key);
			text_wrapped(f, prefix, 4, line);
			free(prefix);
			free(line);
		}
		if (pass == 0 && !any)
			fprintf(f, "Nothing differs between the columns but the %s.\n", r->axis);
	}
}

/* A table in text: its widths, then the line being written. */
struct text_table {
	FILE *f;
	const struct report *r;
	size_t rw;              /* the row values' width */
	size_t labelw;          /* the labels' width: row value and statistic, or monitor */
	size_t chw;             /* the changes' width */
	size_t nw;              /* the notes' width */
	size_t cellw;           /* a cell's width */
	char *line;
};

/* The measuring walk: the widest label, change and notes. */
static void measure_line(void *out, const struct table_line *l)
{
	struct text_table *tt = out;

	if (l->monitor && 2 + strlen(l->name) > tt->labelw)
		tt->labelw = 2 + strlen(l->name);
}

static void measure_cell(void *out, const struct table_line *l, size_t col,
			 const struct cell_text *ct)
{
	struct text_table *tt = out;

	(void)col;
	if ((l->monitor || l->stat == LINE_N) && strlen(ct->notes) > tt->nw)
		tt->nw = strlen(ct->notes);
	if ((l->monitor || l->stat == LINE_CHANGE || l->stat == LINE_COV) && strlen(ct->change) > tt->chw)
		tt->chw = strlen(ct->change);
}

static const struct table_emitter text_measure = {
	.line_start = measure_line,
	.cell = measure_cell,
};

/* The widths of the table's cells, and how many columns fit a block: as
 * far as two fit a line, wide enough for their headings. */
static size_t text_blocks(void *out, const struct table *t)
{
	struct text_table *tt = out;
	const struct report *r = tt->r;
	size_t cellw, per;

	tt->rw = t->row_key ? strlen(t->row_key) : 0;
	for (size_t i = 0; i < t->nrows; i++)
		if (strlen(t->rows[i]) > tt->rw)
			tt->rw = strlen(t->rows[i]);
	if (tt->rw > 24)
		tt->rw = 24;
	tt->labelw = tt->rw + 2 + 6;
	tt->chw = 8;
	tt->nw = 0;
	table_walk(r, t, &text_measure, tt);
	cellw = 1 + 11 + 1 + tt->chw + (tt->nw ? 1 + tt->nw : 0);
	for (size_t ci = 0; ci < t->ncols; ci++) {
		size_t hl = strlen(column_letter(t->cols[ci])) + 1 + strlen(r->cols[t->cols[ci]]) + 2;
		if (hl > cellw && tt->labelw + 2 * hl <= TEXT_WIDTH)
			cellw = hl;
	}
	tt->cellw = cellw;
	per = (TEXT_WIDTH - tt->labelw) / cellw;
	return per < 1 ? 1 : per;
}

static void text_title(void *out, const struct table *t)
{
	struct text_table *tt = out;
	char *line = metric_line(t);

	fputc('\n', tt->f);
	text_wrapped(tt->f, "== ", 3, t->title);
	text_wrapped(tt->f, "   ", 3, line);
	free(line);
}

static void text_heading_start(void *out, const struct table *t)
{
	struct text_table *tt = out;
	const char *rk = t->row_key ? t->row_key : "";

	fputc('\n', tt->f);
	tt->line = xasprintf("%-*.*s", (int)tt->labelw, (int)tt->labelw, rk);
}

/* A column's heading, cut short with ".." to its cell's width. */
static void text_heading_cell(void *out, const char *heading)
{
	struct text_table *tt = out;
	char *h = xstrdup(heading), *n;

	if (strlen(h) > tt->cellw - 2)
		strcpy(h + tt->cellw - 4, "..");
	n = xasprintf("%s %-*s", tt->line, (int)(tt->cellw - 1), h);
	free(h);
	free(tt->line);
	tt->line = n;
}

static void text_heading_end(void *out, size_t n)
{
	struct text_table *tt = out;

	(void)n;
	rstrip_print(tt->f, tt->line);
}

static void text_line_start(void *out, const struct table_line *l)
{
	struct text_table *tt = out;
	char label[64];

	if (l->monitor) {
		tt->line = xasprintf("  %-*s", (int)tt->labelw - 2, l->name);
		return;
	}
	snprintf(label, sizeof label, "%*.*s  %-6s", (int)tt->rw, (int)tt->rw, l->label, l->name);
	tt->line = xasprintf("%-*s", (int)tt->labelw, label);
}

static void text_cell(void *out, const struct table_line *l, size_t col, const struct cell_text *ct)
{
	struct text_table *tt = out;
	char *n = xasprintf("%s %11s %-*s%s%-*s", tt->line, ct->value, (int)tt->chw, ct->change,
			    tt->nw ? " " : "", (int)tt->nw, ct->notes);

	(void)l;
	(void)col;
	free(tt->line);
	tt->line = n;
}

static void text_line_end(void *out, const struct table_line *l)
{
	struct text_table *tt = out;

	(void)l;
	rstrip_print(tt->f, tt->line);
}

static void text_notes(void *out, size_t nfoot, size_t nwarn)
{
	struct text_table *tt = out;

	if (nfoot || nwarn)
		fputc('\n', tt->f);
}

static void text_footnote(void *out, const char *text)
{
	struct text_table *tt = out;

	text_wrapped(tt->f, "   ", 3, text);
}

static void text_warning(void *out, size_t i, int id, const struct warning *w)
{
	struct text_table *tt = out;
	char *line = xasprintf("%s: %s", w->code, w->message), prefix[16];

	(void)i;
	snprintf(prefix, sizeof prefix, "  !%-3d ", id);
	text_wrapped(tt->f, prefix, strlen(prefix), line);
	free(line);
}

static const struct table_emitter text_emitter = {
	.title = text_title, .block_columns = text_blocks,
	.heading_start = text_heading_start, .heading_cell = text_heading_cell,
	.heading_end = text_heading_end,
	.line_start = text_line_start, .cell = text_cell, .line_end = text_line_end,
	.notes = text_notes, .footnote = text_footnote, .warning = text_warning,
};

void output_text(FILE *f, const struct report *r)
{
	header(f, r);
	for (size_t i = 0; i < r->ntables; i++) {
		struct text_table tt = { .f = f, .r = r };
		table_walk(r, &r->tables[i], &text_emitter, &tt);
		if (r->profiles)
			output_profile_text(f, r, i);
	}
}
