/* SPDX-License-Identifier: GPL-2.0-only */
/* out_text.c: the plain text report, at most TEXT_WIDTH columns wide. */
#include "report/output.h"

#include "report/clocks.h"
#include "report/layout.h"
#include "report/monitors.h"
#include "report/profile/prof_output.h"
#include "report/util.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Print text after prefix, wrapped at spaces (or anywhere in a word that
 * is too long) to TEXT_WIDTH, continuation lines indented by indent. */
static void wrapped(FILE *f, const char *prefix, size_t indent, const char *text)
{
	size_t col = strlen(prefix), start = col;
	const char *p = text;

	fputs(prefix, f);
	while (*p) {
		size_t word;
		while (*p == ' ')
			p++;
		word = strcspn(p, " ");
		if (!word)
			break;
		if (col > start) {
			if (col + 1 + word > TEXT_WIDTH) {
				fprintf(f, "\n%*s", (int)indent, "");
				col = start = indent;
			} else {
				fputc(' ', f);
				col++;
			}
		}
		while (col + word > TEXT_WIDTH) {
			size_t room = TEXT_WIDTH - col;
			fwrite(p, 1, room, f);
			p += room;
			word -= room;
			fprintf(f, "\n%*s", (int)indent, "");
			col = start = indent;
		}
		fwrite(p, 1, word, f);
		col += word;
		p += word;
	}
	fputc('\n', f);
}

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
	wrapped(f, "bootbench-report: ", 4, line);
	free(line);
	if ((line = clocks_note(r->ds))) {
		wrapped(f, "Clock: ", 4, line);
		free(line);
	}
	for (size_t c = 0; c < r->ncols; c++) {
		char *runs = column_runs(r, c), prefix[16];
		snprintf(prefix, sizeof prefix, "  %-3s", column_letter(c));
		wrapped(f, prefix, 5, r->cols[c]);
		wrapped(f, "     runs: ", 11, runs);
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
		wrapped(f, "Same in every run: ", 4, line);
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
			wrapped(f, prefix, 4, line);
			free(prefix);
			free(line);
		}
		if (pass == 0 && !any)
			fprintf(f, "Nothing differs between the columns but the %s.\n", r->axis);
	}
}

/* line with one more cell appended; line is freed. */
static char *add_cell(char *line, const struct cell_text *ct, size_t chw, size_t nw)
{
	char *n = xasprintf("%s %11s %-*s%s%-*s", line, ct->value, (int)chw, ct->change,
			    nw ? " " : "", (int)nw, ct->notes);

	free(line);
	return n;
}

static void table(FILE *f, const struct report *r, const struct table *t)
{
	const char *rk = t->row_key ? t->row_key : "";
	size_t rw = strlen(rk), nw = 0, chw = 8, labelw, cellw, per;
	struct cell_text ct;
	char *line;

	for (size_t i = 0; i < t->nrows; i++)
		if (strlen(t->rows[i]) > rw)
			rw = strlen(t->rows[i]);
	for (size_t row = 0; row < t->nrows; row++)
		for (size_t col = 0; col < r->ncols; col++) {
			cell_text(r, t, row, col, LINE_N, &ct);
			if (strlen(ct.notes) > nw)
				nw = strlen(ct.notes);
			cell_text(r, t, row, col, LINE_CHANGE, &ct);
			if (strlen(ct.change) > chw)
				chw = strlen(ct.change);
			cell_text(r, t, row, col, LINE_COV, &ct);
			if (strlen(ct.change) > chw)
				chw = strlen(ct.change);
		}
	if (rw > 24)
		rw = 24;
	labelw = rw + 2 + 6;
	for (size_t k = 0; monitors_shown(r, t) && k < t->nmonitors; k++) {
		if (2 + strlen(t->monitor_names[k]) > labelw)
			labelw = 2 + strlen(t->monitor_names[k]);
		for (size_t row = 0; row < t->nrows; row++)
			for (size_t col = 0; col < r->ncols; col++) {
				monitor_text(r, t, k, row, col, &ct);
				if (strlen(ct.change) > chw)
					chw = strlen(ct.change);
				if (strlen(ct.notes) > nw)
					nw = strlen(ct.notes);
			}
	}
	cellw = 1 + 11 + 1 + chw + (nw ? 1 + nw : 0);
	/* Room for the column headings, as far as two columns fit a line. */
	for (size_t ci = 0; ci < t->ncols; ci++) {
		size_t hl = strlen(column_letter(t->cols[ci])) + 1 + strlen(r->cols[t->cols[ci]]) + 2;
		if (hl > cellw && labelw + 2 * hl <= TEXT_WIDTH)
			cellw = hl;
	}
	per = (TEXT_WIDTH - labelw) / cellw;
	if (per < 1)
		per = 1;

	fputc('\n', f);
	wrapped(f, "== ", 3, t->title);
	if (strcmp(t->metric, t->unit) == 0)
		line = xasprintf("%s, %s.", t->metric, direction(t));
	else
		line = xasprintf("%s (%s), %s.", t->metric, t->unit, direction(t));
	wrapped(f, "   ", 3, line);
	free(line);
	for (size_t first = 0; first < t->ncols; first += per) {
		size_t last = first + per < t->ncols ? first + per : t->ncols;
		fputc('\n', f);
		line = xasprintf("%-*.*s", (int)labelw, (int)labelw, rk);
		for (size_t ci = first; ci < last; ci++) {
			size_t col = t->cols[ci];
			char *h = xasprintf("%s %s", column_letter(col), r->cols[col]);
			if (strlen(h) > cellw - 2)
				strcpy(h + cellw - 4, "..");
			char *n = xasprintf("%s %-*s", line, (int)(cellw - 1), h);
			free(h);
			free(line);
			line = n;
		}
		rstrip_print(f, line);
		for (size_t row = 0; row < t->nrows; row++) {
			for (int s = 0; s < NLINES; s++) {
				char label[64];
				if (!line_shown(r, t, (enum stat_line)s))
					continue;
				snprintf(label, sizeof label, "%*.*s  %-6s", (int)rw, (int)rw,
					 s == 0 && t->row_key ? t->rows[row] : "", stat_names[s]);
				line = xasprintf("%-*s", (int)labelw, label);
				for (size_t ci = first; ci < last; ci++) {
					cell_text(r, t, row, t->cols[ci], (enum stat_line)s, &ct);
					line = add_cell(line, &ct, chw, nw);
				}
				rstrip_print(f, line);
			}
			for (size_t k = 0; monitors_shown(r, t) && k < t->nmonitors; k++) {
				line = xasprintf("  %-*s", (int)labelw - 2, t->monitor_names[k]);
				for (size_t ci = first; ci < last; ci++) {
					monitor_text(r, t, k, row, t->cols[ci], &ct);
					line = add_cell(line, &ct, chw, nw);
				}
				rstrip_print(f, line);
			}
		}
	}
	size_t nfoot, nwarn;
	char **foot = table_footnotes(r, t, &nfoot);
	int *ids = table_warnings(r, t, &nwarn);
	if (nfoot || nwarn)
		fputc('\n', f);
	for (size_t i = 0; i < nfoot; i++)
		wrapped(f, "   ", 3, foot[i]);
	for (size_t i = 0; i < nwarn; i++) {
		const struct warning *w = &r->legend[ids[i] - 1];
		char prefix[16];
		line = xasprintf("%s: %s", w->code, w->message);
		snprintf(prefix, sizeof prefix, "  !%-3d ", ids[i]);
		wrapped(f, prefix, strlen(prefix), line);
		free(line);
	}
	free(ids);
	free_lines(foot, nfoot);
}

void output_text(FILE *f, const struct report *r)
{
	header(f, r);
	for (size_t i = 0; i < r->ntables; i++) {
		table(f, r, &r->tables[i]);
		if (r->profiles)
			output_profile_text(f, r, i);
	}
}

void output_text_wrapped(FILE *f, const char *prefix, size_t indent, const char *text)
{
	wrapped(f, prefix, indent, text);
}
