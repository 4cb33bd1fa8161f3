/*
 * layout.h: the figures of a table as text, shared by the text, markdown
 * and HTML outputs.  Each row of a table is shown as one line per
 * statistic; a cell's line has a value, a change against the baseline
 * (median and hmean lines) and notes (warning markers, on the n line).
 */
#ifndef BOOTBENCH_REPORT_LAYOUT_H
#define BOOTBENCH_REPORT_LAYOUT_H

#include "group.h"

#include <stdio.h>

enum stat_line { LINE_N, LINE_MEDIAN, LINE_HMEAN, LINE_COV, LINE_MIN, LINE_MAX, NLINES };
extern const char *const stat_names[NLINES];

struct cell_text {
	char value[32];
	char change[24];        /* "+12.3%*", "-4.0%", "+1.0%?" or "" */
	char notes[48];         /* "!1" or "!1,3" or "" */
};

/* A figure with 3 to 5 significant digits, "-" for NAN. */
void fmt_number(char *buf, size_t size, double v);
void cell_text(const struct report *r, const struct table *t, size_t row, size_t col,
	       enum stat_line line, struct cell_text *out);

/* The explanation lines under a table (without the warnings); *n lines. */
char **table_footnotes(const struct report *r, const struct table *t, size_t *n);
/* Legend numbers used in table t, ascending, in *n. */
int *table_warnings(const struct report *r, const struct table *t, size_t *n);
/* What the change of a compared cell means: "better", "worse" (both
 * significant), "no significant change" or "not tested". */
const char *verdict(const struct table *t, const struct cell *c);
/* "higher is better" or "lower is better". */
const char *direction(const struct table *t);
/* The runs of column col, as a space-separated list of directory names. */
char *column_runs(const struct report *r, size_t col);
/* Whether some fact differs between the runs. */
int facts_differ(const struct report *r);
/* The suite of the runs, or "(unknown)". */
const char *report_suite(const struct report *r);
void free_lines(char **lines, size_t n);

#endif
