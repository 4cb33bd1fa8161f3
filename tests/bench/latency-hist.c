/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The log-linear histogram of latencies: its buckets cover every
 * microsecond from 0 to 2^32 - 1 once, each at most 1/128 of its lower
 * bound wide, and its percentiles are exact below 256 us and within
 * LATENCY_HIST_ERROR above (tests/bench/pgbench-log.c checks a large log
 * against the exact percentiles).
 */
#include "bench/workloads/pgbench/latency_hist.h"
#include "tap.h"

#include <stdlib.h>

static void buckets(void)
{
	uint32_t lo, hi, prev_hi = 0;
	unsigned bad_join = 0, bad_back = 0, bad_width = 0;

	for (unsigned b = 0; b < LATENCY_HIST_BUCKETS; b++) {
		latency_hist_bounds(b, &lo, &hi);
		if (b > 0 && lo != prev_hi + 1)
			bad_join++;
		if (latency_hist_bucket(lo) != b || latency_hist_bucket(hi) != b)
			bad_back++;
		if (lo >= 256 && (double)(hi - lo + 1) / lo > 1.0 / LATENCY_HIST_SUB)
			bad_width++;
		prev_hi = hi;
	}
	is_int(bad_join, 0, "each bucket starts where the one before ends");
	is_int(bad_back, 0, "each bucket's bounds fall in it");
	is_int(bad_width, 0, "no bucket is wider than 1/%u of its lower bound",
	       LATENCY_HIST_SUB);
	latency_hist_bounds(0, &lo, &hi);
	ok(lo == 0 && hi == 0, "the first bucket is 0 us");
	latency_hist_bounds(LATENCY_HIST_BUCKETS - 1, &lo, &hi);
	is_int(hi, UINT32_MAX, "the last bucket ends at 2^32 - 1 us");
	latency_hist_bounds(255, &lo, &hi);
	ok(lo == 255 && hi == 255, "below 256 us, one bucket a microsecond");
	latency_hist_bounds(256, &lo, &hi);
	ok(lo == 256 && hi == 257, "from 256 us, two microseconds a bucket");
	is_int(sizeof(struct latency_hist) < 27 * 1024, 1, "the histogram is %zu bytes",
	       sizeof(struct latency_hist));
}

static void percentiles(void)
{
	static struct latency_hist h;

	latency_hist_init(&h);
	is_num(latency_hist_percentile(&h, 500), 0, "no latencies: 0");
	latency_hist_add(&h, 1000000);
	is_num(latency_hist_percentile(&h, 500), 1000000, "one latency: itself, however wide its bucket");
	is_num(latency_hist_percentile(&h, 999), 1000000, "p99.9 of one: itself");

	latency_hist_init(&h);
	for (uint32_t v = 1; v <= 200; v++)
		latency_hist_add(&h, v);
	/* nearest rank of 1..200: ceil(p * 200) */
	is_num(latency_hist_percentile(&h, 500), 100, "p50 of 1..200 us: 100, exact");
	is_num(latency_hist_percentile(&h, 990), 198, "p99 of 1..200 us: 198, exact");
	is_num(latency_hist_percentile(&h, 999), 200, "p99.9 of 1..200 us: 200, exact");

	latency_hist_init(&h);
	for (uint32_t v = 1; v <= 1000; v++)
		latency_hist_add(&h, v * 1000);
	double p = latency_hist_percentile(&h, 500);
	ok(p != 500000 && fabs(p / 500000 - 1) <= LATENCY_HIST_ERROR,
	   "p50 of 1..1000 ms: %.1f us, not exact but within %.2f %% of 500 ms",
	   p, 100 * LATENCY_HIST_ERROR);
	is_num(latency_hist_percentile(&h, 1000), 1000000, "p100: the largest, clamped");
}

int main(void)
{
	buckets();
	percentiles();
	return tap_done();
}
