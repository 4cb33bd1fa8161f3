/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * monitor_summary.h: the figures of series/<id>.sys.csv that results.jsonl
 * summarises per measurement ("monitors": doc/monitors.md), each as the
 * mean and the 99th percentile of its rows.
 */
#ifndef BOOTBENCH_MONITOR_SUMMARY_H
#define BOOTBENCH_MONITOR_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>

#include "bench/monitor/monitor_row.h"

#define MONITOR_SUMMARY_FIGURES 9

/* What results.jsonl calls a figure, and its column. */
struct monitor_figure {
	const char *name;              /* "iowait_pct" */
	enum monitor_column column;
};

extern const struct monitor_figure monitor_figures[MONITOR_SUMMARY_FIGURES];

struct monitor_stat {
	size_t n;                      /* rows with a value; 0: not known (null) */
	double mean, p99;
};

struct monitor_summary {
	char series[192];              /* "series/<id>.sys.csv" */
	size_t rows;
	struct monitor_stat stat[MONITOR_SUMMARY_FIGURES];
	double sampler_cpu_s;          /* the sampler's own CPU time; -1: not known */
};

/*
 * Summarise the text of a sys.csv: its header names the columns (in any
 * order; a figure whose column it lacks is not known), each row after it
 * a second.  An empty field is no value.  False if the text does not start
 * with a header holding t_s; out->series is left as it was.
 */
bool monitor_summarise(const char *csv, struct monitor_summary *out);

#endif
