/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * monitors.h: --monitors, the key monitors of the machine compared as the
 * headline figure is.
 *
 * Each measurement's results.jsonl line summarises its per-second samples
 * of the machine (series/<id>.sys.csv) under "monitors": for each key
 * monitor (iowait_pct, target_w_mb_s, ctxt_per_s, ...) the mean and the
 * p99 of its seconds.  For every row of a table and every monitor that
 * some measurement of the table has, a monitor cell per column holds the
 * means of that cell's measurements; its statistics, boots and comparison
 * with the baseline column are those of a headline cell (cells.h,
 * compare.h), made on those means.
 */
#ifndef BOOTBENCH_REPORT_MONITORS_H
#define BOOTBENCH_REPORT_MONITORS_H

#include "report/model.h"

#include <stdbool.h>
#include <stddef.h>

/* The mean of monitor name over the seconds of measurement m; false if m
 * has no such figure (a line written before the monitors, or null). */
bool monitor_mean(const struct measurement *m, const char *name, double *mean);
/* Fill every table's monitor cells (t->monitor_names, t->monitor_cells),
 * after report_build(); monitors_free() frees them, before report_free(). */
void monitors_build(struct report *r);
/* The cell of monitor k (an index into t->monitor_names) in row and col. */
const struct cell *monitor_cell(const struct report *r, const struct table *t, size_t k,
				size_t row, size_t col);
/* Whether table t shows monitor rows. */
bool monitors_shown(const struct report *r, const struct table *t);
void monitors_free(struct report *r);

#endif
