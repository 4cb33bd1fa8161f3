/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * results.h: results.jsonl, one line per measurement (doc/results-jsonl.md).
 *
 * A line is appended and fsync'd as soon as its measurement exists, so a
 * run that dies later keeps everything it measured.
 */
#ifndef BOOTBENCH_RESULTS_H
#define BOOTBENCH_RESULTS_H

#include <stdio.h>

#include "bench/monitor/monitor_summary.h"
#include "bench/monitor/sysstat.h"
#include "bench/run/profiler.h"
#include "bench/run/quiet.h"
#include "bench/suite/suite.h"
#include "bench/workloads/workload.h"

#define RESULTS_FORMAT_VERSION 2

/* What one line of results.jsonl says of one measurement. */
struct results_line {
	const char *run_id;
	const struct bench_case *c;
	const struct measurement_out *out;
	const char *mkfs_command;        /* of the case's environment; NULL: host mode */
	const struct cpu_shares *cpu;    /* NULL: not known */
	const char *disk_device;         /* NULL: not known (host mode) */
	const struct disk_delta *disk;
	const struct monitor_summary *monitors;  /* NULL: not sampled */
	const struct profile_result *profile;    /* NULL: not profiled */
	const struct quiet *quiet;               /* NULL: not waited for (host mode) */
	const char *started_utc;
	double seconds;
};

/* Write m as one JSON line (with its newline) to out. */
void results_write_line(FILE *out, const struct results_line *m);

/* Append m to the open results file fd and fsync it.  Returns 0 or fail(). */
int results_append(int fd, const char *path, const struct results_line *m);

#endif
