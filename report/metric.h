/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * metric.h: --case and --metric: which measurements are compared, and on
 * which of their metrics.
 *
 * A measurement's figure is its primary metric (results.jsonl's
 * "primary"), whose direction the line gives (higher_is_better).  With
 * --metric NAME it is metrics.NAME instead; its direction is the line's
 * when NAME is the line's primary metric, otherwise the one table below
 * (metric_direction), derived from the name alone, so that every
 * workload's metrics of one kind (times, rates, counts) agree.
 */
#ifndef BOOTBENCH_REPORT_METRIC_H
#define BOOTBENCH_REPORT_METRIC_H

#include "report/runs.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum metric_direction {
	METRIC_HIGHER,          /* higher is better: rates, shares of fast outcomes */
	METRIC_LOWER,           /* lower is better: times, latencies, failures */
	METRIC_NEITHER,         /* a count or a size that the case sets */
	METRIC_UNKNOWN,         /* no rule of the table matches */
};

/* The direction of the metric name by the table; *rule (if not NULL) is
 * the rule that matched ("name ends in _ms"), or NULL. */
enum metric_direction metric_direction(const char *name, const char **rule);

/* --metric-direction: "NAME: higher is better (RULE)" on f and 0, or an
 * error and 2 for a metric of neither direction or of none known. */
int metric_print_direction(FILE *f, const char *name);

/* The case of m: its group (the case's name without the repeat), or its
 * id for a line without one. */
const char *measurement_case(const struct measurement *m);

/* Keep only the measurements of the cases cases[0..n) (each its group or
 * its id, or when patterns a shell pattern of either: "pgbench-*"); all
 * when n is 0.  Returns 0, or 2 after an error message naming a case (or
 * pattern) that no measurement is of, with the cases there are. */
int dataset_select_cases(struct dataset *ds, char *const *cases, size_t n, bool patterns);

/* Keep only the measurements of case_id (its group, the case's name
 * without the repeat, or its id; NULL: all) that have the metric (NULL:
 * their primary), and make that metric each one's figure.  Returns 0, or
 * 2 after an error message (no such case, no measurement with that
 * metric, a metric of no known direction). */
int dataset_select(struct dataset *ds, const char *case_id, const char *metric);

#endif
