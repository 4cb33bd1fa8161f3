/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * threshold.c: tests of report/threshold.c, --threshold PCT and
 * --threshold METRIC=PCT: the default, one threshold for every metric and
 * one of a metric's own, a metric given twice, the limit of metrics, and
 * every value that is no percentage from 0 to below 100.
 */
#include "report/stats/threshold.h"

#include "tests/lib/tap.h"

#include <stdio.h>

int main(void)
{
	struct thresholds t;
	char names[THRESHOLDS_MAX + 1][40];
	static const char *const bad[] = { "", "x", "1%", "-1", "100", "1e3", "nan", "tps=",
					   "=3", "tps=abc", "tps=-2", "tps=100", " 1" };

	thresholds_init(&t);
	ok(t.all == THRESHOLD_DEFAULT_PCT && t.n == 0, "the default: %g %% for every metric",
	   THRESHOLD_DEFAULT_PCT);
	ok(threshold_of(&t, "tps") == THRESHOLD_DEFAULT_PCT && !threshold_named(&t, "tps"),
	   "a metric without its own: the default");
	ok(thresholds_add(&t, "--threshold", "2.5") && t.all == 2.5, "PCT: every metric's");
	ok(thresholds_add(&t, "--threshold", "0") && t.all == 0, "0: the test alone");
	ok(thresholds_add(&t, "--threshold", "latency_p99_ms=5") && t.n == 1, "METRIC=PCT: one metric's");
	ok(threshold_of(&t, "latency_p99_ms") == 5 && threshold_named(&t, "latency_p99_ms") &&
	   threshold_of(&t, "tps") == 0, "its own beside every other metric's");
	ok(threshold_of(&t, "latency_p99") == 0 && threshold_of(&t, "latency_p99_ms_x") == 0,
	   "a name is matched whole, not by a prefix");
	ok(thresholds_add(&t, "--threshold", "latency_p99_ms=7.5") && t.n == 1 &&
	   threshold_of(&t, "latency_p99_ms") == 7.5, "the same metric again: the last one holds");
	ok(!thresholds_add(&t, "--threshold", "a=b=3") && !threshold_named(&t, "a"),
	   "METRIC is what comes before the first '=': 'a=b=3' is refused");
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct thresholds u;
		thresholds_init(&u);
		ok(!thresholds_add(&u, "--threshold", bad[i]) && u.all == THRESHOLD_DEFAULT_PCT && u.n == 0,
		   "'%s': refused, nothing set", bad[i]);
	}
	thresholds_init(&t);
	for (int i = 0; i <= THRESHOLDS_MAX; i++)
		snprintf(names[i], sizeof names[i], "metric_%d=%d", i, i);
	for (int i = 0; i < THRESHOLDS_MAX; i++)
		if (!thresholds_add(&t, "--threshold", names[i]))
			break;
	ok(t.n == THRESHOLDS_MAX && threshold_of(&t, "metric_3") == 3,
	   "%d metrics with a threshold of their own", THRESHOLDS_MAX);
	ok(!thresholds_add(&t, "--threshold", names[THRESHOLDS_MAX]) && t.n == THRESHOLDS_MAX,
	   "one more: refused");
	return tap_done();
}
