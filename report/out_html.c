/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * out_html.c: one self-contained HTML page: the tables, their warnings
 * grouped by kind (html_warnings.h), and SVG charts (html_charts.h: the
 * primary metric against the rows per column with min-max error bars,
 * the changes against the baseline with their intervals, latency
 * percentiles per column, tps over time per measurement with the
 * machine's per-second samples below).  Inline CSS, inline SVG, no
 * script and nothing fetched from anywhere.
 */
#include "report/output.h"

#include "common/cli.h"
#include "report/clocks.h"
#include "report/diag.h"
#include "report/html_charts.h"
#include "report/html_warnings.h"
#include "report/layout.h"
#include "report/profile/prof_output.h"
#include "report/svg.h"
#include "report/table_walk.h"
#include "report/util.h"
#include "report/whole_file.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char css[] =
"body{font-family:sans-serif;margin:1.5em;color:#222;max-width:1400px}\n"
"h1{font-size:1.4em}h2{font-size:1.15em;margin-top:2em;border-bottom:1px solid #ccc}\n"
"table{border-collapse:collapse;margin:.6em 0;font-size:.9em}\n"
"td,th{border:1px solid #ccc;padding:2px 8px}td{overflow-wrap:anywhere}th,td.stat{white-space:nowrap}\n"
"td.num{text-align:right;font-family:monospace}table.columns td:first-child{white-space:nowrap}\n"
"th{background:#f0f0f0}tr.first td{border-top:2px solid #888}\n"
".sig{font-weight:bold}.warn{color:#b00}.differs{color:#b00;font-weight:bold}\n"
".charts{display:flex;flex-wrap:wrap;gap:12px}.foot{font-size:.85em;color:#444}\n"
".timeline{margin-top:12px}.system{margin-top:4px}tr.monitor td{color:#555}\n"
"svg.chart{border:1px solid #ddd}svg .grid{stroke:#e4e4e4}svg .axis{stroke:#333}\n"
"svg text{font-size:11px;fill:#222}svg .ytick{text-anchor:end}svg .xtick{text-anchor:middle}\n"
"svg .xlabel,svg .ylabel{text-anchor:middle;font-size:12px}svg .ctitle{font-size:13px;font-weight:bold}\n"
"svg .caption{font-size:10px;fill:#555}svg .errorbar{stroke-width:1.5;fill:none}\n"
"sup.mark{color:#b00;font-weight:bold;font-family:sans-serif}ul.warn li{margin:.2em 0}\n"
"svg.flame{display:block;margin-top:12px}svg.flame .frame text{fill:#000}\n"
"p.lead{font-size:1.1em;font-weight:bold}\n";

/* before, text escaped, after. */
static void put(FILE *f, const char *before, const char *text, const char *after)
{
	fputs(before, f);
	html_escape(f, text);
	fputs(after, f);
}

/* A table on the page, with its warnings' kinds, which mark the cells. */
struct html_table {
	FILE *f;
	const struct report *r;
	const struct table *t;
	struct warn_kinds kinds;
};

static FILE *file_of(void *out)
{
	return ((struct html_table *)out)->f;
}

static void html_title(void *out, const struct table *t)
{
	struct html_table *ht = out;
	char *line = metric_line(t);

	ht->t = t;
	warn_kinds_build(ht->r, t, &ht->kinds);
	put(ht->f, "<section class=\"table\" data-workload=\"", t->workload, "\">\n");
	put(ht->f, "<h2>", t->title, "</h2>\n");
	put(ht->f, "<p>", line, "</p>\n<table>\n");
	free(line);
}

static void html_heading_start(void *out, const struct table *t)
{
	put(file_of(out), "<tr><th>", t->row_key ? t->row_key : "", "</th><th></th>");
}

static void html_heading_cell(void *out, const char *heading)
{
	put(file_of(out), "<th>", heading, "</th>");
}

static void html_heading_end(void *out, size_t n)
{
	(void)n;
	fputs("</tr>\n", file_of(out));
}

/* A statistic's line starts with the row's value (on its first line);
 * a monitor's with an empty cell. */
static void html_line_start(void *out, const struct table_line *l)
{
	FILE *f = file_of(out);

	if (l->monitor)
		put(f, "<tr class=\"monitor\"><td></td><td class=\"stat\">", l->name, "</td>");
	else if (l->first)
		put(f, "<tr class=\"first\"><td>", l->label, "</td>");
	else
		put(f, "<tr><td>", l->label, "</td>");
	if (!l->monitor)
		put(f, "<td class=\"stat\">", l->name, "</td>");
}

/* A cell's value and change; its notes on a monitor's line (on the n
 * line they are the warnings' numbers of the text outputs: the page marks
 * the warnings' kinds instead). */
static void html_cell(void *out, const struct table_line *l, size_t col, const struct cell_text *ct)
{
	struct html_table *ht = out;

	put(ht->f, "<td class=\"num\">", ct->value, "");
	if (*ct->change)
		put(ht->f, strchr(ct->change, '*') ? " <span class=\"sig\">" : " <span>", ct->change,
		    "</span>");
	if (l->monitor && *ct->notes)
		put(ht->f, " <span class=\"warn\">", ct->notes, "</span>");
	if (!l->monitor && l->stat == LINE_N)
		html_warning_marks(ht->f, ht->r, ht->t, &ht->kinds, l->row, col);
	fputs("</td>", ht->f);
}

static void html_line_end(void *out, const struct table_line *l)
{
	(void)l;
	fputs("</tr>\n", file_of(out));
}

static void html_notes(void *out, size_t nfoot, size_t nwarn)
{
	(void)nfoot;
	(void)nwarn;
	fputs("</table>\n", file_of(out));
}

static void html_footnote(void *out, const char *text)
{
	put(file_of(out), "<p class=\"foot\">", text, "</p>\n");
}

/* Under the table: its warnings grouped by kind (html_warnings.h), its
 * charts and its profiles. */
static void html_end(void *out, const struct table *t)
{
	struct html_table *ht = out;
	const struct report *r = ht->r;
	FILE *f = ht->f;

	html_warning_list(f, r, t, &ht->kinds);
	warn_kinds_free(&ht->kinds);
	fprintf(f, "<div class=\"charts\">\n");
	html_chart_rows(f, r, t);
	html_chart_relative(f, r, t);
	for (size_t row = 0; row < t->nrows; row++)
		html_chart_latency(f, r, t, row);
	fprintf(f, "</div>\n");
	for (size_t row = 0; row < t->nrows; row++) {
		double xlo, xhi;
		fprintf(f, "<div class=\"timeline\" data-row=\"%zu\">\n", row);
		if (html_chart_time(f, r, t, row, &xlo, &xhi))
			html_system_charts(f, r, t, row, xlo, xhi);
		fprintf(f, "</div>\n");
	}
	html_profile(f, r, (size_t)(t - r->tables));
	fprintf(f, "</section>\n");
}

static const struct table_emitter html_emitter = {
	.title = html_title,
	.heading_start = html_heading_start, .heading_cell = html_heading_cell,
	.heading_end = html_heading_end,
	.line_start = html_line_start, .cell = html_cell, .line_end = html_line_end,
	.notes = html_notes, .footnote = html_footnote, .end = html_end,
};

/* One report: its heading, columns, facts and tables. */
static void report_body(FILE *f, const struct report *r)
{
	char *clock = clocks_note(r->ds);

	put(f, "<h1>bootbench-report: suite ", report_suite(r), ", columns by ");
	html_escape(f, r->axis);
	if (r->opt->metric)
		put(f, ", metric ", r->opt->metric, "");
	fputs("</h1>\n", f);
	if (clock)
		put(f, "<p><strong>Clock:</strong> ", clock, "</p>\n");
	free(clock);
	put(f, "<table class=\"columns\">\n<tr><th>column</th><th>", r->axis,
	    "</th><th>runs</th></tr>\n");
	for (size_t c = 0; c < r->ncols; c++) {
		char *runs = column_runs(r, c);
		fprintf(f, "<tr><td>%s%s</td>", column_letter(c), c == r->baseline ? " (baseline)" : "");
		put(f, "<td>", r->cols[c], "</td>");
		put(f, "<td>", runs, "</td></tr>\n");
		free(runs);
	}
	fprintf(f, "</table>\n<p%s>%s</p>\n<table class=\"facts\">\n",
		facts_differ(r) ? " class=\"differs\"" : "",
		facts_differ(r) ? "The runs differ in more than the axis:" :
		"Nothing differs between the runs but the axis.");
	for (size_t i = 0; i < r->nfacts; i++) {
		const struct fact *fa = &r->facts[i];
		put(f, fa->differs ? "<tr class=\"differs\"><th>" : "<tr><th>", fa->key, "</th><td>");
		for (size_t v = 0; v < fa->nvalues; v++) {
			put(f, v ? "<br>" : "", fa->values[v], "");
			fprintf(f, " (%s)", fa->columns[v]);
		}
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n", f);
	for (size_t i = 0; i < r->ntables; i++) {
		struct html_table ht = { .f = f, .r = r };
		table_walk(r, &r->tables[i], &html_emitter, &ht);
	}
}

static void page(FILE *f, const struct report *const *reps, size_t n, const char *lead)
{
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s: ",
		cli_program);
	html_escape(f, n ? report_suite(reps[0]) : "no report");
	fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", css);
	if (lead)
		put(f, "<p class=\"lead\">", lead, "</p>\n");
	for (size_t i = 0; i < n; i++)
		report_body(f, reps[i]);
	fprintf(f, "</body>\n</html>\n");
}

int output_html(const char *path, const struct report *r)
{
	return output_html_reports(path, &r, 1, NULL);
}

int output_html_reports(const char *path, const struct report *const *reps, size_t n,
			const char *lead)
{
	struct whole_file w;

	if (!whole_file_open(&w, path))
		return -1;
	page(w.f, reps, n, lead);
	return whole_file_write(&w) ? 0 : -1;
}
