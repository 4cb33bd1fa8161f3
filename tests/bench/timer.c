/* SPDX-License-Identifier: GPL-2.0-only */
/* The timer workload's delay histogram and pg_test_timing's output. */
#include "bench/workloads/timer/timer_hist.h"
#include "bench/workloads/timer/timing_output.h"
#include "tap.h"

#include <stdlib.h>

static void bucketing(void)
{
	struct delay_hist *h = malloc(sizeof(*h));

	hist_init(h);
	is_num(hist_percentile(h, 50), 0, "empty histogram: percentile 0");
	hist_add(h, 0.4);
	hist_add(h, 1.0);
	hist_add(h, 1.999);
	hist_add(h, 9999.5);
	hist_add(h, 10000.0);
	hist_add(h, 250000.0);
	hist_add(h, -3);                       /* a clock step: counted as 0 */
	is_int((long long)h->n, 7, "seven samples");
	is_int((long long)h->count[0], 2, "0.4 and -3 in bucket 0");
	is_int((long long)h->count[1], 2, "1.0 and 1.999 in bucket 1");
	is_int((long long)h->count[9999], 1, "9999.5 in the last 1 us bucket");
	is_int((long long)h->count[HIST_BUCKETS], 2, "10 ms and beyond overflow");
	is_num(h->min_us, 0, "min");
	is_num(h->max_us, 250000.0, "max");
	free(h);
}

/* 100 samples: 90 of 52.25 us, 9 of 60.5 us, 1 of 1500.75 us. */
static void percentiles(void)
{
	struct delay_hist *h = malloc(sizeof(*h));

	hist_init(h);
	for (int i = 0; i < 90; i++)
		hist_add(h, 52.25);
	for (int i = 0; i < 9; i++)
		hist_add(h, 60.5);
	hist_add(h, 1500.75);
	is_num(h->min_us, 52.25, "min is exact");
	/* Nearest rank 50 is a 52.25 (bucket [52, 53)): its bound, 53. */
	is_num(hist_percentile(h, 50), 53, "p50: bound of bucket 52");
	is_num(hist_percentile(h, 90), 53, "p90: rank 90 is the last 52.25");
	is_num(hist_percentile(h, 91), 61, "p91: rank 91 is a 60.5");
	is_num(hist_percentile(h, 99), 61, "p99: rank 99 is the last 60.5");
	is_num(hist_percentile(h, 99.5), 1500.75,
	       "p99.5: rank 100, bucket bound 1501 kept within max");
	is_num(hist_percentile(h, 100), 1500.75, "p100 is the max");

	/* One value only: every percentile is that value. */
	hist_init(h);
	hist_add(h, 57.125);
	is_num(hist_percentile(h, 50), 57.125, "one sample: p50 is the sample");
	is_num(hist_percentile(h, 99), 57.125, "one sample: p99 is the sample");

	/* Overflow: the rank falls beyond 10 ms: the max. */
	hist_init(h);
	hist_add(h, 20000);
	hist_add(h, 30000);
	is_num(hist_percentile(h, 50), 30000, "p50 in the overflow bucket is the max");

	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	hist_init(h);
	hist_add(h, 52.5);
	hist_add(h, 52.9);
	hist_add(h, 12000);
	hist_print(h, "nanosleep", out);
	fclose(out);
	is_str(text, "# nanosleep: 3 samples, min 52.500 us, max 12000.000 us; "
	       "bucket from_us to_us count\n"
	       "nanosleep 52 53 2\n"
	       "nanosleep 10000 inf 1\n", "bucket lines: the non-empty buckets");
	free(text);
	free(h);
}

/* pg_test_timing 18.6 -d 2, as the image runs it. */
static const char *const captured[] = {
	"Testing timing overhead for 2 seconds.",
	"Per loop time including overhead: 29.35 ns",
	"Histogram of timing durations:",
	"  < us   % of total      count",
	"     1     97.23809   66257559",
	"     2      2.75488    1877161",
	"     4      0.00000          0",
	"     8      0.00004         26",
	"    16      0.00297       2023",
	"    32      0.00030        203",
	"    64      0.00359       2447",
	"   128      0.00013         89",
	"   256      0.00000          2",
	NULL,
};

static void pg_test_timing(void)
{
	struct timing_report r;
	char err[256];

	timing_report_init(&r);
	for (size_t i = 0; captured[i]; i++)
		timing_report_line(&r, captured[i]);
	ok(timing_report_check(&r, err, sizeof(err)) == 0, "report is complete");
	ok(r.have_loop, "loop time found");
	is_num(r.loop_ns, 29.35, "per loop time 29.35 ns");
	is_int(r.buckets, 9, "nine histogram lines");
	is_num(r.below_1us_pct, 97.23809, "share below 1 us");
	is_int(r.max_us, 256, "highest non-empty bucket: < 256 us");
	is_int(r.loops, 66257559LL + 1877161 + 26 + 2023 + 203 + 2447 + 89 + 2,
	       "loops: the sum of the counts");

	/* The header line and the lines before the histogram are no buckets. */
	timing_report_init(&r);
	timing_report_line(&r, "     1     97.23809   66257559");
	is_int(r.buckets, 0, "no bucket before the histogram header");
	timing_report_line(&r, "Per loop time including overhead: 29.35 ns");
	ok(timing_report_check(&r, err, sizeof(err)) < 0, "no histogram: incomplete");
	is_str(err, "pg_test_timing printed no histogram", "the reason");

	timing_report_init(&r);
	timing_report_line(&r, "Testing timing overhead for 3 seconds.");
	ok(timing_report_check(&r, err, sizeof(err)) < 0, "no loop time: incomplete");
	is_str(err, "pg_test_timing printed no \"Per loop time including overhead\" line",
	       "the reason names the line");
}

int main(void)
{
	bucketing();
	percentiles();
	pg_test_timing();
	return tap_done();
}
