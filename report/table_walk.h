/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * table_walk.h: a table of the report walked once, for the outputs that
 * show it as lines of cells (out_text.c, out_markdown.c, out_html.c).
 * The walk is the same in every format; an emitter says how each of its
 * parts is written, so a new format is one emitter.
 *
 * The walk: the title; then each block of columns (as many side by side
 * as the format has room for: all of them but in the text output) with
 * its heading (the columns' letters and values) and, for each row, a line per statistic that the
 * table shows (layout.h) and a line per monitor (--monitors), a cell per
 * column of the block on each line (layout.h's cell texts); then the
 * footnotes and the warnings of the legend the table uses; then its end.
 * A callback left NULL writes nothing.
 */
#ifndef BOOTBENCH_REPORT_TABLE_WALK_H
#define BOOTBENCH_REPORT_TABLE_WALK_H

#include "report/layout.h"
#include "report/model.h"

#include <stdbool.h>
#include <stddef.h>

/* A line of the table: a statistic's or a monitor's. */
struct table_line {
	size_t row;
	bool first;             /* the row's first line */
	const char *label;      /* the row's value on its first line, else "" */
	const char *name;       /* the statistic ("median") or the monitor */
	bool monitor;           /* a monitor's line (--monitors) */
	size_t k;               /* a monitor's line: t->monitor_names[k] */
	enum stat_line stat;    /* a statistic's line: which */
};

struct table_emitter {
	void (*title)(void *out, const struct table *t);
	/* How many columns a block holds; NULL: all of them. */
	size_t (*block_columns)(void *out, const struct table *t);
	/* The heading of a block of columns: the row key's, then each
	 * column's ("A 6.12.117+deb13-cloud-amd64"), then its end after the
	 * block's n columns. */
	void (*heading_start)(void *out, const struct table *t);
	void (*heading_cell)(void *out, const char *heading);
	void (*heading_end)(void *out, size_t n);
	void (*line_start)(void *out, const struct table_line *l);
	void (*cell)(void *out, const struct table_line *l, size_t col, const struct cell_text *ct);
	void (*line_end)(void *out, const struct table_line *l);
	/* After the last line, before the nfoot footnotes and nwarn warnings. */
	void (*notes)(void *out, size_t nfoot, size_t nwarn);
	void (*footnote)(void *out, const char *text);
	/* The i-th warning of the table: number id of the legend. */
	void (*warning)(void *out, size_t i, int id, const struct warning *w);
	void (*end)(void *out, const struct table *t);
};

void table_walk(const struct report *r, const struct table *t, const struct table_emitter *e,
		void *out);

#endif
