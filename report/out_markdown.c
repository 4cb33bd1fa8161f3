/* SPDX-License-Identifier: GPL-2.0-only */
/* out_markdown.c: the report as Markdown (GitHub tables). */
#include "report/output.h"

#include "report/clocks.h"
#include "report/layout.h"
#include "report/table_walk.h"
#include "report/util.h"

#include <stdlib.h>
#include <string.h>

void output_markdown_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (strchr("|*_`\\<>[]", *s))
			fputc('\\', f);
		fputc(*s, f);
	}
}

/* before, text escaped, after. */
static void put(FILE *f, const char *before, const char *text, const char *after)
{
	fputs(before, f);
	output_markdown_text(f, text);
	fputs(after, f);
}

/* A table in Markdown: the file, and how many footnotes are above the
 * warnings (a blank line between them). */
struct md_table {
	FILE *f;
	size_t nfoot;
};

static FILE *file_of(void *out)
{
	return ((struct md_table *)out)->f;
}

static void md_title(void *out, const struct table *t)
{
	char *line = metric_line(t);

	put(file_of(out), "\n### ", t->title, "\n\n");
	put(file_of(out), "", line, "\n\n");
	free(line);
}

static void md_heading_start(void *out, const struct table *t)
{
	put(file_of(out), "| ", t->row_key ? t->row_key : "", " | |");
}

static void md_heading_cell(void *out, const char *heading)
{
	put(file_of(out), " ", heading, " |");
}

/* The line under the heading: numbers right-aligned, statistics left. */
static void md_heading_end(void *out, size_t n)
{
	fputs("\n|---:|:---|", file_of(out));
	for (size_t i = 0; i < n; i++)
		fputs("---:|", file_of(out));
	fputc('\n', file_of(out));
}

/* A statistic's line starts with the row's value (on its first line);
 * a monitor's with an empty cell. */
static void md_line_start(void *out, const struct table_line *l)
{
	if (l->monitor) {
		put(file_of(out), "| | ", l->name, " |");
		return;
	}
	put(file_of(out), "| ", l->label, " | ");
	put(file_of(out), "", l->name, " |");
}

/* One cell of a table line, with the bar after it. */
static void md_cell(void *out, const struct table_line *l, size_t col, const struct cell_text *ct)
{
	FILE *f = file_of(out);

	(void)l;
	(void)col;
	put(f, " ", ct->value, "");
	if (*ct->change)
		put(f, " ", ct->change, "");
	if (*ct->notes)
		fprintf(f, " %s", ct->notes);
	fputs(" |", f);
}

static void md_line_end(void *out, const struct table_line *l)
{
	(void)l;
	fputc('\n', file_of(out));
}

static void md_notes(void *out, size_t nfoot, size_t nwarn)
{
	((struct md_table *)out)->nfoot = nfoot;
	if (nfoot || nwarn)
		fputc('\n', file_of(out));
}

static void md_footnote(void *out, const char *text)
{
	put(file_of(out), "", text, "\n");
}

static void md_warning(void *out, size_t i, int id, const struct warning *w)
{
	FILE *f = file_of(out);

	fprintf(f, "%s- !%d ", i == 0 && ((struct md_table *)out)->nfoot ? "\n" : "", id);
	put(f, "", w->code, ": ");
	put(f, "", w->message, "\n");
}

static const struct table_emitter md_emitter = {
	.title = md_title,
	.heading_start = md_heading_start, .heading_cell = md_heading_cell,
	.heading_end = md_heading_end,
	.line_start = md_line_start, .cell = md_cell, .line_end = md_line_end,
	.notes = md_notes, .footnote = md_footnote, .warning = md_warning,
};

/* The columns with their runs, and the facts of the runs. */
static void header(FILE *f, const struct report *r)
{
	char *clock = clocks_note(r->ds);

	put(f, "## bootbench-report: suite ", report_suite(r), ", columns by ");
	output_markdown_text(f, r->axis);
	if (clock)
		put(f, "\n\n**Clock:** ", clock, "");
	free(clock);
	fprintf(f, "\n\n| column | %s | runs |\n|---|---|---|\n", r->axis);
	for (size_t c = 0; c < r->ncols; c++) {
		char *runs = column_runs(r, c);
		fprintf(f, "| %s%s", column_letter(c), c == r->baseline ? " (baseline)" : "");
		put(f, " | ", r->cols[c], " | ");
		put(f, "", runs, " |\n");
		free(runs);
	}
	fprintf(f, "\n%s\n\n| | value (columns) |\n|---|---|\n",
		facts_differ(r) ? "**The runs differ in more than the axis.**" :
		"Nothing differs between the runs but the axis.");
	for (size_t i = 0; i < r->nfacts; i++) {
		const struct fact *fa = &r->facts[i];
		fprintf(f, "| %s%s | ", fa->differs ? "**differs:** " : "", fa->key);
		for (size_t v = 0; v < fa->nvalues; v++) {
			put(f, v ? "; " : "", fa->values[v], "");
			fprintf(f, " (%s)", fa->columns[v]);
		}
		fprintf(f, " |\n");
	}
}

void output_markdown(FILE *f, const struct report *r)
{
	header(f, r);
	for (size_t i = 0; i < r->ntables; i++) {
		struct md_table mt = { .f = f };
		table_walk(r, &r->tables[i], &md_emitter, &mt);
	}
}
