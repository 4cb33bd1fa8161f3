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

#include "report/clocks.h"
#include "report/diag.h"
#include "report/html_charts.h"
#include "report/html_warnings.h"
#include "report/layout.h"
#include "report/monitors.h"
#include "report/profile/prof_output.h"
#include "report/svg.h"
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

/* A cell's value and change; its notes, unless they are the warnings'
 * numbers of the text outputs (the page marks the warnings' kinds). */
static void cell_open(FILE *f, const struct cell_text *ct, bool notes)
{
	fprintf(f, "<td class=\"num\">");
	html_escape(f, ct->value);
	if (*ct->change) {
		fprintf(f, " <span%s>", strchr(ct->change, '*') ? " class=\"sig\"" : "");
		html_escape(f, ct->change);
		fprintf(f, "</span>");
	}
	if (notes && *ct->notes) {
		fprintf(f, " <span class=\"warn\">");
		html_escape(f, ct->notes);
		fprintf(f, "</span>");
	}
}

static void table(FILE *f, const struct report *r, const struct table *t)
{
	struct cell_text ct;
	struct warn_kinds kinds;
	size_t nfoot;
	char **foot;

	warn_kinds_build(r, t, &kinds);
	fprintf(f, "<section class=\"table\" data-workload=\"");
	html_escape(f, t->workload);
	fprintf(f, "\">\n<h2>");
	html_escape(f, t->title);
	fprintf(f, "</h2>\n<p>");
	html_escape(f, t->metric);
	if (strcmp(t->metric, t->unit) != 0) {
		fprintf(f, " (");
		html_escape(f, t->unit);
		fprintf(f, ")");
	}
	fprintf(f, ", %s.</p>\n<table>\n<tr><th>", direction(t));
	html_escape(f, t->row_key ? t->row_key : "");
	fprintf(f, "</th><th></th>");
	for (size_t ci = 0; ci < t->ncols; ci++) {
		fprintf(f, "<th>%s ", column_letter(t->cols[ci]));
		html_escape(f, r->cols[t->cols[ci]]);
		fprintf(f, "</th>");
	}
	fprintf(f, "</tr>\n");
	for (size_t row = 0; row < t->nrows; row++) {
		for (int s = 0; s < NLINES; s++) {
			if (!line_shown(r, t, (enum stat_line)s))
				continue;
			fprintf(f, "<tr%s><td>", s == 0 ? " class=\"first\"" : "");
			if (s == 0 && t->row_key)
				html_escape(f, t->rows[row]);
			fprintf(f, "</td><td class=\"stat\">%s</td>", stat_names[s]);
			for (size_t ci = 0; ci < t->ncols; ci++) {
				cell_text(r, t, row, t->cols[ci], (enum stat_line)s, &ct);
				cell_open(f, &ct, false);
				if (s == LINE_N)
					html_warning_marks(f, r, t, &kinds, row, t->cols[ci]);
				fprintf(f, "</td>");
			}
			fprintf(f, "</tr>\n");
		}
		for (size_t k = 0; monitors_shown(r, t) && k < t->nmonitors; k++) {
			fprintf(f, "<tr class=\"monitor\"><td></td><td class=\"stat\">");
			html_escape(f, t->monitor_names[k]);
			fprintf(f, "</td>");
			for (size_t ci = 0; ci < t->ncols; ci++) {
				monitor_text(r, t, k, row, t->cols[ci], &ct);
				cell_open(f, &ct, true);
				fprintf(f, "</td>");
			}
			fprintf(f, "</tr>\n");
		}
	}
	fprintf(f, "</table>\n");
	foot = table_footnotes(r, t, &nfoot);
	for (size_t i = 0; i < nfoot; i++) {
		fprintf(f, "<p class=\"foot\">");
		html_escape(f, foot[i]);
		fprintf(f, "</p>\n");
	}
	html_warning_list(f, r, t, &kinds);
	warn_kinds_free(&kinds);
	free_lines(foot, nfoot);
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

/* One report: its heading, columns, facts and tables. */
static void report_body(FILE *f, const struct report *r)
{
	fprintf(f, "<h1>bootbench-report: suite ");
	html_escape(f, report_suite(r));
	fprintf(f, ", columns by ");
	html_escape(f, r->axis);
	if (r->opt->metric) {
		fprintf(f, ", metric ");
		html_escape(f, r->opt->metric);
	}
	fprintf(f, "</h1>\n");
	char *clock = clocks_note(r->ds);
	if (clock) {
		fprintf(f, "<p><strong>Clock:</strong> ");
		html_escape(f, clock);
		fprintf(f, "</p>\n");
		free(clock);
	}
	fprintf(f, "<table class=\"columns\">\n<tr><th>column</th><th>");
	html_escape(f, r->axis);
	fprintf(f, "</th><th>runs</th></tr>\n");
	for (size_t c = 0; c < r->ncols; c++) {
		char *runs = column_runs(r, c);
		fprintf(f, "<tr><td>%s%s</td><td>", column_letter(c), c == r->baseline ? " (baseline)" : "");
		html_escape(f, r->cols[c]);
		fprintf(f, "</td><td>");
		html_escape(f, runs);
		fprintf(f, "</td></tr>\n");
		free(runs);
	}
	fprintf(f, "</table>\n<p%s>%s</p>\n<table class=\"facts\">\n", facts_differ(r) ? " class=\"differs\"" : "",
		facts_differ(r) ? "The runs differ in more than the axis:" : "Nothing differs between the runs but the axis.");
	for (size_t i = 0; i < r->nfacts; i++) {
		const struct fact *fa = &r->facts[i];
		fprintf(f, "<tr%s><th>", fa->differs ? " class=\"differs\"" : "");
		html_escape(f, fa->key);
		fprintf(f, "</th><td>");
		for (size_t v = 0; v < fa->nvalues; v++) {
			if (v)
				fprintf(f, "<br>");
			html_escape(f, fa->values[v]);
			fprintf(f, " (%s)", fa->columns[v]);
		}
		fprintf(f, "</td></tr>\n");
	}
	fprintf(f, "</table>\n");
	for (size_t i = 0; i < r->ntables; i++)
		table(f, r, &r->tables[i]);
}

static void page(FILE *f, const struct report *const *reps, size_t n, const char *lead)
{
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s: ",
		diag_program);
	html_escape(f, n ? report_suite(reps[0]) : "no report");
	fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", css);
	if (lead) {
		fprintf(f, "<p class=\"lead\">");
		html_escape(f, lead);
		fprintf(f, "</p>\n");
	}
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
