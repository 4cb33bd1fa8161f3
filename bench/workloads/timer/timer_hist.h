/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * timer_hist.h: a histogram of delays in 1 µs buckets up to 10 ms, and
 * one overflow bucket beyond.
 *
 * Bucket i (i < HIST_BUCKETS) holds the delays d with i <= d < i + 1 µs.
 * The minimum and maximum are kept exactly.  A percentile is the upper
 * bound of the bucket that holds the sample of its nearest rank, kept
 * within [min, max]: at most 1 µs above the true value.
 */
#ifndef BOOTBENCH_TIMER_HIST_H
#define BOOTBENCH_TIMER_HIST_H

#include <stdio.h>

#define HIST_BUCKETS 10000          /* 1 µs each: 0 .. 10 ms */

struct delay_hist {
	unsigned long long count[HIST_BUCKETS + 1];   /* the last: >= 10 ms */
	unsigned long long n;
	double min_us, max_us;
};

void hist_init(struct delay_hist *h);
void hist_add(struct delay_hist *h, double us);

/* The p-th percentile (0 < p <= 100) in µs; 0 if the histogram is empty. */
double hist_percentile(const struct delay_hist *h, double p);

/*
 * The non-empty buckets, one line each after a header naming what was
 * measured: "<name> <from_us> <to_us> <count>" ("inf" for the overflow
 * bucket's upper bound).
 */
void hist_print(const struct delay_hist *h, const char *name, FILE *out);

#endif
