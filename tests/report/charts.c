/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * charts.c: tests of what the HTML charts are made of: report/syscsv.c
 * (a column of a sys.csv with empty fields), the axes of
 * report/svg_axis.c (linear with 0 in it, logarithmic by decades), the
 * text widths and line breaks of report/svg_text.c, and the layout of
 * report/svg.c (dots without lines, titles broken into lines, slanted or
 * upright x tick labels, a legend entry per series name).
 */
#include "report/svg.h"
#include "report/svg_text.h"
#include "report/syscsv.h"

#include "tests/lib/tap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void test_csv_column(void)
{
	/* Two rows as bootbench-bench writes them without a WAL device: the
	 * disk_wal_* fields are empty and the fields after them stay in place. */
	const char *csv =
		"t_s,cpu_idle_pct,disk_wal_r_mb_s,disk_wal_w_mb_s,ctxt_per_s,cpu_mhz\n"
		"1.005,50.267,,,1929.501,\n"
		"2.000,51.397,,,2862.633,\n";
	size_t n;
	double *v;

	v = csv_column(csv, "ctxt_per_s", &n);
	is_int(n, 2, "csv_column: one value per data line");
	ok(v && v[0] == 1929.501 && v[1] == 2862.633,
	   "csv_column: the field after two empty ones is the column's");
	free(v);
	v = csv_column(csv, "disk_wal_w_mb_s", &n);
	ok(v && n == 2 && isnan(v[0]) && isnan(v[1]), "csv_column: an empty field is NAN");
	free(v);
	v = csv_column(csv, "cpu_mhz", &n);
	ok(v && n == 2 && isnan(v[0]) && isnan(v[1]), "csv_column: an empty last field is NAN");
	free(v);
	v = csv_column(csv, "t_s", &n);
	ok(v && n == 2 && v[0] == 1.005 && v[1] == 2, "csv_column: the first column");
	free(v);
	v = csv_column(csv, "cpu_mhz_x", &n);
	ok(!v && n == 0, "csv_column: no such column: NULL");
	v = csv_column(csv, "cpu", &n);
	ok(!v && n == 0, "csv_column: a prefix of a name is not the column");

	/* CRLF, no newline at the end, a blank line, a short line, junk. */
	v = csv_column("a,b\r\n1,2\r\n\r\n3\n4,x\n5,6", "b", &n);
	ok(v && n == 4 && v[0] == 2 && isnan(v[1]) && isnan(v[2]) && v[3] == 6,
	   "csv_column: CRLF, a blank line, a line without the field, a non-number");
	free(v);
	v = csv_column("a,b\n", "b", &n);
	ok(v && n == 0, "csv_column: a header alone: the column, no values");
	free(v);
}

static void test_axes(void)
{
	struct svg_axis a;

	svg_axis_linear(3, 47, &a);
	ok(a.lo == 0 && a.hi == 50 && a.n == 6 && a.ticks[5] == 50 && a.decimals == 0,
	   "linear axis of 3..47: 0 to 50 by 10");
	svg_axis_linear(-51.3, -9.8, &a);
	ok(a.lo == -60 && a.hi == 0 && a.ticks[a.n - 1] == 0 && a.n == 7,
	   "linear axis of -51.3..-9.8: -60 to 0, 0 included");
	svg_axis_linear(-4, 12, &a);
	ok(a.lo <= -4 && a.hi >= 12, "linear axis of -4..12 covers both ends");
	svg_axis_linear(0.2, 0.9, &a);
	ok(a.hi == 1 && a.decimals == 1, "linear axis of 0.2..0.9: to 1, one decimal");
	svg_axis_linear(0, 0, &a);
	ok(a.hi > a.lo, "linear axis of nothing but 0 has a span");

	svg_axis_log(17, 340, &a);
	ok(a.lo == 10 && a.hi == 1000, "log axis of 17..340: 10 to 1000");
	ok(a.n == 7 && a.ticks[0] == 10 && a.ticks[1] == 20 && a.ticks[2] == 50 &&
	   a.ticks[3] == 100 && a.ticks[6] == 1000, "log axis ticks 10 20 50 100 200 500 1000");
	svg_axis_log(0.03, 0.4, &a);
	ok(fabs(a.lo - 0.01) < 1e-15 && fabs(a.hi - 1) < 1e-15 && a.decimals == 2,
	   "log axis of 0.03..0.4: 0.01 to 1, two decimals");
	svg_axis_log(0.5, 5e4, &a);
	ok(a.n == 7 && fabs(a.ticks[0] - 0.1) < 1e-15 && a.ticks[1] == 1 && a.ticks[6] == 1e5,
	   "log axis of 0.5..5e4 (6 decades): ticks at the powers of ten alone");
	svg_axis_log(100, 100, &a);
	ok(a.lo == 100 && a.hi == 1000, "log axis of a single value 100: one decade above it");
	svg_axis_log(-1, 5, &a);
	ok(a.lo > 0 && a.hi >= 5, "log axis with a minimum <= 0: from 1");
	{
		char l0[16], l1[16], l3[16];
		svg_axis_log(0.3, 40, &a);
		svg_axis_label(&a, 0, l0, sizeof l0);
		svg_axis_label(&a, 1, l1, sizeof l1);
		svg_axis_label(&a, 3, l3, sizeof l3);
		ok(strcmp(l0, "0.1") == 0 && strcmp(l1, "0.2") == 0 && strcmp(l3, "1") == 0,
		   "log axis labels with the decimals each tick needs: %s %s %s", l0, l1, l3);
		svg_axis_linear(0, 2.5, &a);
		svg_axis_label(&a, 2, l1, sizeof l1);
		is_str(l1, "1.0", "linear axis labels with the decimals of the step");
	}

	is_str(svg_dash(0), "", "line pattern 0 is solid");
	ok(strcmp(svg_dash(1), svg_dash(2)) != 0 && *svg_dash(1) && *svg_dash(2),
	   "line patterns 1 and 2 are dashed and differ");
}

static void test_text(void)
{
	size_t n;
	char **lines;

	ok(svg_text_width("mmmm", 11, false) > svg_text_width("iiii", 11, false),
	   "text width: m is wider than i");
	ok(svg_text_width("abc", 13, true) > svg_text_width("abc", 13, false) &&
	   svg_text_width("abc", 13, false) > svg_text_width("abc", 11, false),
	   "text width grows with bold and with the size");
	/* DejaVu Sans at 11 px, as Chromium draws it: 169 px. */
	ok(svg_text_width("6.12.117+deb13-cloud-amd64", 11, false) >= 169,
	   "text width of a kernel release: no less than it is drawn");
	lines = svg_text_wrap("one two three four", 11, false, svg_text_width("three four", 11, false), &n);
	ok(n == 2 && strcmp(lines[0], "one two") == 0 && strcmp(lines[1], "three four") == 0,
	   "wrap: two words a line");
	svg_text_free(lines, n);
	lines = svg_text_wrap("averyveryverylongword x", 11, false, 20, &n);
	ok(n == 2 && strcmp(lines[0], "averyveryverylongword") == 0,
	   "wrap: a word wider than the line alone on its line");
	svg_text_free(lines, n);
}

/* Chart c as SVG text, in a new string. */
static char *draw(const struct svg_chart *c)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	svg_chart(f, c);
	fclose(f);
	return buf;
}

static size_t count(const char *s, const char *what)
{
	size_t n = 0;

	for (const char *p = s; p && (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

static void test_layout(void)
{
	struct svg_point p1[] = { { 0, 10, 8, 12 }, { 1, 20, NAN, NAN } };
	struct svg_point p2[] = { { 0, 15, NAN, NAN }, { 1, 25, NAN, NAN } };
	struct svg_series ser[] = {
		{ .name = "A one", .pts = p1, .n = 2 },
		{ .name = "B two", .color = 1, .pts = p2, .n = 2 },
		{ .name = "B two", .color = 1, .dash = 1, .pts = p2, .n = 2 },
	};
	double ticks[] = { 0, 1 };
	const char *labels[] = { "select-only", "tpcb-like" };
	const char *long_labels[] = { "20261130T130346Z_6.12.117+deb13-cloud-amd64_8eb29e94",
				      "20261130T130512Z_6.12.117+deb13-cloud-amd64_df7f0f6f" };
	struct svg_chart c = {
		.cls = "t", .title = "a title", .xlabel = "script", .ylabel = "tps", .note = "a caption",
		.xticks = ticks, .xtick_labels = labels, .nxticks = 2, .series = ser, .nseries = 2,
		.xlo = -0.5, .xhi = 1.5,
	};
	char *svg;

	svg = draw(&c);
	ok(count(svg, "<polyline") == 2 && count(svg, "<circle") == 0,
	   "lines: a polyline per series, no dots without markers");
	ok(count(svg, "class=\"caption\"") == 1 && count(svg, "<rect class=\"plot\"") == 1,
	   "the caption and the plot area are drawn");
	ok(count(svg, "rotate(") == 1, "short x tick labels stay level (only the y label is turned)");
	free(svg);
	c.dots = true;
	svg = draw(&c);
	ok(count(svg, "<polyline") == 0 && count(svg, "<path class=\"errorbar\"") == 1 &&
	   count(svg, "data-points=\"dots\"") == 1,
	   "dots: no polyline, the error bar kept, the chart says dots");
	ok(count(svg, "<circle") == 4 + 2, "dots: one circle per point and per legend entry");
	free(svg);
	c.nseries = 3;
	c.dots = false;
	svg = draw(&c);
	ok(count(svg, "class=\"legend\">B two<") == 1 && count(svg, "class=\"legend\">") == 2,
	   "legend: one entry per series name (3 series, 2 names)");
	free(svg);
	c.xtick_labels = long_labels;
	c.title = "pgbench: change of tps against run=20261130T130346Z_6.12.117+deb13-cloud-amd64_8eb29e94";
	svg = draw(&c);
	ok(count(svg, "rotate(") == 3, "x tick labels too wide side by side are turned");
	ok(count(svg, "class=\"ctitle\"") == 2, "a long title takes two lines");
	free(svg);
}

int main(void)
{
	test_csv_column();
	test_axes();
	test_text();
	test_layout();
	return tap_done();
}
