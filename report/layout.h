/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * layout.h: the figures of a table as text, shared by the text, markdown
 * and HTML outputs.  Each row of a table is shown as one line per
 * statistic; a cell's line has a value, a change against the baseline
 * (median and hmean lines; on the change line the change of the mean as
 * the value and its confidence interval) and notes (warning markers, on
 * the n line).
 */
#ifndef BOOTBENCH_REPORT_LAYOUT_H
#define BOOTBENCH_REPORT_LAYOUT_H

#include "report/model.h"

#include <stdio.h>

enum stat_line { LINE_N, LINE_MEDIAN, LINE_HMEAN, LINE_CHANGE, LINE_COV, LINE_MIN, LINE_MAX, NLINES };
extern const char *const stat_names[NLINES];

struct cell_text {
	char value[32];
	char change[48];        /* "+12.3%*", "-4.0%", "+1.0%?", "[-2.0, +10.3]*" or "" */
	char notes[48];         /* "!1" or "!1,3" or "" */
};

/* A figure with 3 to 5 significant digits, "-" for NAN. */
void fmt_number(char *buf, size_t size, double v);
void cell_text(const struct report *r, const struct table *t, size_t row, size_t col,
	       enum stat_line line, struct cell_text *out);
/* The line of monitor k (monitors.h) in a cell: the median of the
 * measurements' means as the value; the change of the mean of the boots'
 * values with its interval and mark ("+3.1% [-2.0, +8.4]*", "+3.1%?");
 * "n=K" as the notes when not every measurement of the cell has it. */
void monitor_text(const struct report *r, const struct table *t, size_t k, size_t row, size_t col,
		  struct cell_text *out);
/* Whether table t shows the line (the change line only where a cell is
 * compared with the baseline). */
bool line_shown(const struct report *r, const struct table *t, enum stat_line line);
/* The confidence interval of a compared cell, "[-2.0, +10.3]", or
 * "[unbounded]", or "" with no test. */
void fmt_interval(char *buf, size_t size, const struct cell *c);
/* Why no claim is made for a compared cell: "fewer-boots", or NULL. */
const char *no_claim_code(const struct cell *c);
/* Why the within-boot test was not made: "fewer-values",
 * "series-too-short", "series-too-autocorrelated", or NULL. */
const char *within_no_claim_code(const struct cell *c);
/* "boots", "repeats", "batch-means" or "none". */
const char *basis_name(enum test_basis basis);

/* The explanation lines under a table (without the warnings); *n lines. */
char **table_footnotes(const struct report *r, const struct table *t, size_t *n);
/* Legend numbers used in table t, ascending, in *n. */
int *table_warnings(const struct report *r, const struct table *t, size_t *n);
/* What the change of a compared cell means: "better", "worse" (both
 * marked: significant and at least the threshold), "below threshold"
 * (significant, smaller than the threshold), "no significant change" or
 * "not tested". */
const char *verdict(const struct table *t, const struct cell *c);
/* "higher is better" or "lower is better". */
const char *direction(const struct table *t);
/* The line under a table's title, a new string: its metric, the unit when
 * it is not the metric's name, and the direction ("tps, higher is
 * better."). */
char *metric_line(const struct table *t);
/* The runs of column col, as a space-separated list of directory names. */
char *column_runs(const struct report *r, size_t col);
/* Whether some fact differs between the runs. */
int facts_differ(const struct report *r);
/* The suite of the runs, or "(unknown)". */
const char *report_suite(const struct report *r);
void free_lines(char **lines, size_t n);

#endif
