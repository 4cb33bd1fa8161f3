/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * timing_output.h: read what pg_test_timing 18 prints:
 *
 *   Testing timing overhead for 3 seconds.
 *   Per loop time including overhead: 29.35 ns
 *   Histogram of timing durations:
 *     < us   % of total      count
 *        1     97.23809   66257559
 *        2      2.75488    1877161
 *      ...
 *
 * A histogram line "B P C": C loops (P %) took less than B µs and at
 * least the line before's B (log2 buckets).
 */
#ifndef BOOTBENCH_TIMING_OUTPUT_H
#define BOOTBENCH_TIMING_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

struct timing_report {
	bool have_loop;
	double loop_ns;            /* per loop time including overhead */
	bool in_histogram;
	int buckets;               /* histogram lines read */
	double below_1us_pct;      /* the "< 1 us" bucket's share */
	long long max_us;          /* bound of the highest non-empty bucket */
	long long loops;           /* sum of the counts */
};

void timing_report_init(struct timing_report *r);
void timing_report_line(struct timing_report *r, const char *line);

/* 0, or -1 with what is missing in err. */
int timing_report_check(const struct timing_report *r, char *err, size_t len);

#endif
