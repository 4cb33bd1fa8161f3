/* SPDX-License-Identifier: GPL-2.0-only */
/* out_markdown.c: the report as Markdown (GitHub tables). */
#include "report/output.h"

#include "report/clocks.h"
#include "report/layout.h"
#include "report/monitors.h"
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

/* One cell of a table line, with the bar after it. */
static void cell(FILE *f, const struct cell_text *ct)
{
	fputc(' ', f);
	output_markdown_text(f, ct->value);
	if (*ct->change) {
		fputc(' ', f);
		output_markdown_text(f, ct->change);
	}
	if (*ct->notes)
		fprintf(f, " %s", ct->notes);
	fprintf(f, " |");
}

static void table(FILE *f, const struct report *r, const struct table *t)
{
	struct cell_text ct;
	size_t nfoot, nwarn;
	char **foot;
	int *ids;

	fprintf(f, "\n### ");
	output_markdown_text(f, t->title);
	fprintf(f, "\n\n");
	output_markdown_text(f, t->metric);
	if (strcmp(t->metric, t->unit) != 0) {
		fprintf(f, " (");
		output_markdown_text(f, t->unit);
		fprintf(f, ")");
	}
	fprintf(f, ", %s.\n\n| ", direction(t));
	output_markdown_text(f, t->row_key ? t->row_key : "");
	fprintf(f, " | |");
	for (size_t ci = 0; ci < t->ncols; ci++) {
		fprintf(f, " %s ", column_letter(t->cols[ci]));
		output_markdown_text(f, r->cols[t->cols[ci]]);
		fprintf(f, " |");
	}
	fprintf(f, "\n|---:|:---|");
	for (size_t ci = 0; ci < t->ncols; ci++)
		fprintf(f, "---:|");
	fputc('\n', f);
	for (size_t row = 0; row < t->nrows; row++) {
		for (int s = 0; s < NLINES; s++) {
			if (!line_shown(r, t, (enum stat_line)s))
				continue;
			fprintf(f, "| ");
			if (s == 0 && t->row_key)
				output_markdown_text(f, t->rows[row]);
			fprintf(f, " | %s |", stat_names[s]);
			for (size_t ci = 0; ci < t->ncols; ci++) {
				cell_text(r, t, row, t->cols[ci], (enum stat_line)s, &ct);
				cell(f, &ct);
			}
			fputc('\n', f);
		}
		for (size_t k = 0; monitors_shown(r, t) && k < t->nmonitors; k++) {
			fprintf(f, "| | ");
			output_markdown_text(f, t->monitor_names[k]);
			fprintf(f, " |");
			for (size_t ci = 0; ci < t->ncols; ci++) {
				monitor_text(r, t, k, row, t->cols[ci], &ct);
				cell(f, &ct);
			}
			fputc('\n', f);
		}
	}
	foot = table_footnotes(r, t, &nfoot);
	ids = table_warnings(r, t, &nwarn);
	if (nfoot || nwarn)
		fputc('\n', f);
	for (size_t i = 0; i < nfoot; i++) {
		output_markdown_text(f, foot[i]);
		fprintf(f, "\n");
	}
	for (size_t i = 0; i < nwarn; i++) {
		const struct warning *w = &r->legend[ids[i] - 1];
		fprintf(f, "%s- !%d ", i == 0 && nfoot ? "\n" : "", ids[i]);
		output_markdown_text(f, w->code);
		fprintf(f, ": ");
		output_markdown_text(f, w->message);
		fputc('\n', f);
	}
	free(ids);
	free_lines(foot, nfoot);
}

void output_markdown(FILE *f, const struct report *r)
{
	fprintf(f, "## bootbench-report: suite ");
	output_markdown_text(f, report_suite(r));
	fprintf(f, ", columns by ");
	output_markdown_text(f, r->axis);
	char *clock = clocks_note(r->ds);
	if (clock) {
		fprintf(f, "\n\n**Clock:** ");
		output_markdown_text(f, clock);
		free(clock);
	}
	fprintf(f, "\n\n| column | %s | runs |\n|---|---|---|\n", r->axis);
	for (size_t c = 0; c < r->ncols; c++) {
		char *runs = column_runs(r, c);
		fprintf(f, "| %s%s | ", column_letter(c), c == r->baseline ? " (baseline)" : "");
		output_markdown_text(f, r->cols[c]);
		fprintf(f, " | ");
		output_markdown_text(f, runs);
		fprintf(f, " |\n");
		free(runs);
	}
	fprintf(f, "\n%s\n\n| | value (columns) |\n|---|---|\n",
		facts_differ(r) ? "**The runs differ in more than the axis.**" :
		"Nothing differs between the runs but the axis.");
	for (size_t i = 0; i < r->nfacts; i++) {
		const struct fact *fa = &r->facts[i];
		fprintf(f, "| %s%s | ", fa->differs ? "**differs:** " : "", fa->key);
		for (size_t v = 0; v < fa->nvalues; v++) {
			if (v)
				fprintf(f, "; ");
			output_markdown_text(f, fa->values[v]);
			fprintf(f, " (%s)", fa->columns[v]);
		}
		fprintf(f, " |\n");
	}
	for (size_t i = 0; i < r->ntables; i++)
		table(f, r, &r->tables[i]);
}
