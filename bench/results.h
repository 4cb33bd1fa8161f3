/*
 * results.h: results.jsonl, one line per measurement (doc/results-jsonl.md).
 *
 * A line is appended and fsync'd as soon as its measurement exists, so a
 * run that dies later keeps everything it measured.
 */
#ifndef BOOTBENCH_RESULTS_H
#define BOOTBENCH_RESULTS_H

#include <stdio.h>

#include "pgbench_output.h"
#include "suite.h"

#define RESULTS_FORMAT_VERSION 1

struct measurement {
	const char *run_id;
	const struct bench_case *c;
	const struct pgbench_report *report;
	const char *started_utc;
	double seconds;
};

/* Write m as one JSON line (with its newline) to out. */
void results_write_line(FILE *out, const struct measurement *m);

/* Append m to the open results file fd and fsync it.  Returns 0 or fail(). */
int results_append(int fd, const char *path, const struct measurement *m);

#endif
