/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsync_output.h: read what pg_test_fsync prints.
 *
 * pg_test_fsync 18 prints five sections; each result line is a label
 * and "N ops/sec  M usecs/op", or "n/a" (the platform lacks the method)
 * or "n/a*" (the filesystem refused direct I/O).  Each figure becomes a
 * metric (README.md):
 *
 *   one 8kB write             <method>_ops_s            fdatasync_ops_s
 *   two 8kB writes            two_writes_<method>_ops_s two_writes_fsync_ops_s
 *   16kB in writes of N kB    open_sync_<N>k_ops_s      open_sync_4k_ops_s
 *   fsync on another fd       write_fsync_close_ops_s, write_close_fsync_ops_s
 *   non-sync'ed 8kB writes    nonsync_write_ops_s
 */
#ifndef BOOTBENCH_FSYNC_OUTPUT_H
#define BOOTBENCH_FSYNC_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

#define FSYNC_MAX_RESULTS 24

struct fsync_result {
	char metric[48];           /* "fdatasync_ops_s" */
	double ops_s;
	double usecs_op;
};

struct fsync_report {
	int section;               /* the section the last header opened */
	struct fsync_result results[FSYNC_MAX_RESULTS];
	size_t n;
	char not_available[256];   /* "fsync_writethrough two_writes_..." */
	size_t n_not_available;
	bool direct_io_refused;    /* an "n/a*" entry */
	int seconds_per_test;      /* from "N seconds per test"; 0 if unseen */
};

void fsync_report_init(struct fsync_report *r);

/*
 * Take one line of pg_test_fsync's output.  Returns the result the line
 * holds (valid until the next call), or NULL for any other line.
 */
const struct fsync_result *fsync_report_line(struct fsync_report *r,
					     const char *line);

/* The rate of metric, or -1 if the report has none. */
double fsync_report_get(const struct fsync_report *r, const char *metric);

/*
 * Check that the report has what a measurement needs: fdatasync's rate
 * with one 8kB write.  Returns 0, or -1 with what is missing in err.
 */
int fsync_report_check(const struct fsync_report *r, char *err, size_t len);

#endif
