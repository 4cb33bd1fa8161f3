/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Whether a fixed rate (pgbench -R) was sustained: a window short of the
 * rate by more than 2 % and more than 4 standard deviations of a Poisson
 * count, or whose schedule lag grows, is not; what a Poisson schedule
 * gives a machine that keeps up is.
 */
#include "bench/workloads/pgbench/pgbench_rate.h"
#include "tap.h"

/* A window of seconds at tps, its lag from first to last quarter. */
static struct pgbench_log_summary window(double seconds, double tps, double first_ms,
					 double last_ms)
{
	struct pgbench_log_summary s = {
		.window_s = seconds, .tps = tps, .transactions = (long long)(tps * seconds),
		.lag = true, .lag_first_ms = first_ms, .lag_last_ms = last_ms,
	};
	return s;
}

int main(void)
{
	char msg[512] = "";
	struct pgbench_log_summary s;

	s = window(10, 1000, 0.4, 0.5);
	ok(!pgbench_rate_unsustained(1000, &s, msg, sizeof(msg)), "1000 of 1000 tps: sustained");
	s = window(10, 990, 0.4, 0.5);
	ok(!pgbench_rate_unsustained(1000, &s, msg, sizeof(msg)),
	   "990 of 1000 tps: 1 %% short, within the Poisson noise and the 2 %%");
	s = window(10, 15, 0.4, 0.5);
	ok(!pgbench_rate_unsustained(20, &s, msg, sizeof(msg)),
	   "150 of 200 transactions at 20 tps: 25 %% short but 3.5 sigma: sustained");
	s = window(10, 900, 0.4, 0.5);
	ok(pgbench_rate_unsustained(1000, &s, msg, sizeof(msg)), "900 of 1000 tps: not sustained");
	is_str(msg, "asked for 1000 tps, completed 900.0 tps (90 %); schedule lag 0.4 ms "
	       "in the first quarter of the window, 0.5 ms in the last", "and says so");
	s = window(10, 1000, 1.0, 200.0);
	ok(pgbench_rate_unsustained(1000, &s, msg, sizeof(msg)),
	   "the rate's count but a lag grown by 199 ms in 7.5 s: not sustained");
	s = window(10, 1000, 1.0, 100.0);
	ok(!pgbench_rate_unsustained(1000, &s, msg, sizeof(msg)),
	   "a lag grown by 99 ms in 7.5 s (1.3 %%): sustained");
	s = window(3, 1000, 1.0, 900.0);
	s.lag_first_ms = s.lag_last_ms = 0;
	ok(!pgbench_rate_unsustained(1000, &s, msg, sizeof(msg)),
	   "under 4 s the lag's quarters are not compared");
	s = window(10, 500, 0, 0);
	s.skipped = 5000;
	ok(pgbench_rate_unsustained(1000, &s, msg, sizeof(msg)),
	   "half of them skipped (a latency limit): not sustained");
	is_str(msg, "asked for 1000 tps, completed 500.0 tps (50 %), 5000 skipped; "
	       "schedule lag 0.0 ms in the first quarter of the window, 0.0 ms in the last",
	       "the message counts the skipped ones");
	return tap_done();
}
