/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * charts.c: tests of what the HTML charts are made of: report/syscsv.c
 * (a column of a sys.csv with empty fields) and the axes of report/svg.c
 * (linear with 0 in it, logarithmic by decades).
 */
#include "report/svg.h"
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

	is_str(svg_dash(0), "", "line pattern 0 is solid");
	ok(strcmp(svg_dash(1), svg_dash(2)) != 0 && *svg_dash(1) && *svg_dash(2),
	   "line patterns 1 and 2 are dashed and differ");
}

int main(void)
{
	test_csv_column();
	test_axes();
	return tap_done();
}
