/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * threshold.h: the practical threshold of a comparison (--threshold).
 *
 * A change is marked only when the test calls it significant AND it is at
 * least the threshold, in % either way: with a spread between boots of a
 * few hundredths of a percent (instruction time), the test alone calls a
 * change of 0.1 % significant, which nobody would act on.  One threshold
 * for every metric, and one per metric that overrides it
 * ("--threshold 1 --threshold latency_p99_ms=5").
 */
#ifndef BOOTBENCH_REPORT_THRESHOLD_H
#define BOOTBENCH_REPORT_THRESHOLD_H

#include <stdbool.h>
#include <stddef.h>

/* The default threshold in %, chosen from A/A boots under the instruction
 * clock (doc/report.md, "The practical threshold"). */
#define THRESHOLD_DEFAULT_PCT 1.0
/* At most this many per-metric thresholds. */
#define THRESHOLDS_MAX 16

struct thresholds {
	double all;             /* the threshold of every metric, in % */
	struct {
		const char *metric;     /* points into the argument: not terminated */
		size_t len;             /* the metric's name is metric[0..len) */
		double pct;
	} per[THRESHOLDS_MAX];
	size_t n;
};

/* t with the default for every metric and none of its own. */
void thresholds_init(struct thresholds *t);
/* Add the value of option (its name, for the error) arg: "PCT" (every
 * metric) or "METRIC=PCT", PCT a number from 0 to below 100.  arg must
 * outlive t.  false after an error naming the option. */
bool thresholds_add(struct thresholds *t, const char *option, const char *arg);
/* The threshold of metric in %. */
double threshold_of(const struct thresholds *t, const char *metric);
/* Whether metric has a threshold of its own. */
bool threshold_named(const struct thresholds *t, const char *metric);

#endif
