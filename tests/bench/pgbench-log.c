/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reading pgbench's logs a line at a time: of transactions (the window,
 * the per-second series, tps and latency percentiles; every transaction
 * logged, or a sample; schedule lag, skipped and late transactions) and
 * of seconds (--aggregate-interval 1: the window of whole seconds, the
 * series, tps and the latency's mean, deviation and maximum), checked
 * against figures worked out by hand from small logs, and the percentiles
 * of a large known log against the exact ones.
 */
#include "bench/workloads/pgbench/pgbench_log.h"
#include "tap.h"

#include <stdint.h>
#include <stdlib.h>

/*
 * Two clients, each with its own thread and so its own file.  E is
 * 1700000000; "end" is when a transaction ended (time_epoch.time_us),
 * its start is end - latency.
 *
 * client 0                               client 1
 *  #  latency   end       second          #  latency   end       second
 *  1  100000    E+0.1     warm-up         1  250000    E+0.3     warm-up
 *  2  500000    E+0.6     warm-up         2  failed    E+0.8     warm-up
 *  3  400000    E+1.0     1               3  900000    E+1.7     1
 *  4  100000    E+1.1     1               4  failed    E+1.9     1
 *  5  200000    E+1.3     1               5   50000    E+1.95    1
 *  6  700000    E+2.0     2               6  150000    E+2.1     2
 *  7  300000    E+2.3     2               7  800000    E+2.9     2
 *  8  600000    E+2.9     2
 *  9  100000    E+3.0     after the window
 *
 * The run begins at the earliest start: client 0's #1, E+0.1 - 0.1 = E.
 * With warmup_s 1 and duration_s 2 the window is [E+1, E+3).
 */
static const char client0[] =
	"0 1 100000 0 1700000000 100000\n"
	"0 2 500000 0 1700000000 600000\n"
	"0 3 400000 0 1700000001 0\n"
	"0 4 100000 0 1700000001 100000\n"
	"0 5 200000 0 1700000001 300000\n"
	"0 6 700000 0 1700000002 0\n"
	"0 7 300000 0 1700000002 300000\n"
	"0 8 600000 0 1700000002 900000\n"
	"0 9 100000 0 1700000003 0\n";
static const char client1[] =
	"1 1 250000 0 1700000000 300000\n"
	"1 2 failed 0 1700000000 800000\n"
	"1 3 900000 0 1700000001 700000\n"
	"1 4 failed 0 1700000001 900000\n"
	"1 5 50000 0 1700000001 950000\n"
	"1 6 150000 0 1700000002 100000\n"
	"1 7 800000 0 1700000002 900000\n";

/*
 * Two threads, each with its own file; E is 1700000000.  Columns:
 * start count sum sum2 min max lag_sum lag_sum2 lag_min lag_max skipped
 * retried retries serialization_failures deadlock_failures.
 *
 * second  thread 0                         thread 1
 *  E      3 (partial: pgbench began in it)  1 (partial)
 *  E+1    4 (warm-up)                      2 (warm-up)
 *  E+2    5 of 200 us, 1 serialization     3 of 100, 200, 300 us, 1 deadlock
 *  E+3    2 of 100 and 500 us              4 of 400 us
 *  E+4    6 (thread 1 wrote no E+4)        --
 *
 * Every thread's first whole second is E+1; after a warm-up of 1 s the
 * window starts at E+2.  Thread 1's last second is E+3, so the window
 * ends at E+4 whatever the duration beyond 2 s.
 */
static const char thread0[] =
	"1700000000 3 300 30000 100 100 0 0 0 0 0 0 0 0 0\n"
	"1700000001 4 400 40000 100 100 0 0 0 0 0 0 0 0 0\n"
	"1700000002 5 1000 200000 200 200 0 0 0 0 0 0 0 1 0\n"
	"1700000003 2 600 260000 100 500 0 0 0 0 0 0 0 0 0\n"
	"1700000004 6 600 60000 100 100 0 0 0 0 0 0 0 0 0\n";
static const char thread1[] =
	"1700000000 1 100 10000 100 100 0 0 0 0 0 0 0 0 0\n"
	"1700000001 2 200 20000 100 100 0 0 0 0 0 0 0 0 0\n"
	"1700000002 3 600 140000 100 300 0 0 0 0 0 0 0 0 1\n"
	"1700000003 4 1600 640000 400 400 0 0 0 0 0 0 0 0 0\n";


/* Each line of text, as file number file. */
static int feed(struct pgbench_log *l, size_t file, const char *text,
		char *err, size_t len)
{
	char line[256];

	while (*text) {
		size_t n = strcspn(text, "\n");
		snprintf(line, sizeof(line), "%.*s", (int)n, text);
		if (pgbench_log_line(l, file, line, err, len) < 0)
			return -1;
		text += n + (text[n] == '\n');
	}
	return 0;
}

/* client0 then client1, as pgbench's threads may write them, and the end. */
static int read_logs(struct pgbench_log *l, int warmup_s, int duration_s,
		     char *err, size_t len)
{
	struct pgbench_log_config cfg = {
		.warmup_s = warmup_s, .duration_s = duration_s, .clients = 2,
		.sampling_rate = 1,
	};
	if (pgbench_log_init(l, &cfg) < 0)
		return -1;
	if (feed(l, 0, client0, err, len) < 0 || feed(l, 1, client1, err, len) < 0)
		return -1;
	return pgbench_log_finish(l, err, len);
}

static void timed_run(void)
{
	struct pgbench_log l;
	struct pgbench_log_summary s;
	char err[256] = "";
	size_t len;

	int rc = read_logs(&l, 1, 2, err, sizeof(err));
	ok(rc == 0, "warm-up 1 s, 2 s measured: both logs read (%s)", err);
	is_int(l.lines, 16, "16 lines in the two logs");
	is_int(l.numbers, 16, "the clients' transaction numbers add up to 16");
	is_int(l.n_seconds, 2, "two seconds in the window");
	pgbench_log_summarize(&l, &s);
	is_num(s.window_s, 2.0, "the window is [E+1, E+3): 2 s");
	/* In the window: client 0 #3..#8 and client 1 #3, #5, #6, #7. */
	is_int(s.transactions, 10, "10 completed transactions in the window");
	/* client 1 #4; #2 failed in the warm-up and does not count. */
	is_int(s.failed, 1, "1 failed transaction in the window");
	is_int(s.skipped, 0, "none skipped");
	/* 10 transactions / 2 s */
	is_num(s.tps, 5.0, "tps = 10 / 2 s = 5");
	/* 400+100+200+700+300+600 + 900+50+150+800 = 4200 ms over 10 */
	is_num(s.latency_avg_ms, 420.0, "average latency 4200 ms / 10 = 420 ms");
	/* deviations from 420 (ms): -370 -320 -270 -220 -120 -20 180 280 380 480;
	 * squares: 136900 102400 72900 48400 14400 400 32400 78400 144400 230400,
	 * sum 861000, / 10 = 86100 */
	is_num(s.latency_stddev_ms, sqrt(86100.0), "stddev sqrt(861000 / 10) ms");
	/* sorted (ms): 50 100 150 200 300 400 600 700 800 900
	 * p50: rank ceil(0.5 * 10) = 5 -> 300; p90: rank 9 -> 800;
	 * p99: rank ceil(9.9) = 10 -> 900; p99.9: rank ceil(9.99) = 10 -> 900.
	 * Within the histogram's error: 300 ms is in the bucket [299008,
	 * 301055] us, whose middle is 300031.5 us; 900 ms in [897024, 901119],
	 * middle 899071.5 us. */
	ok(fabs(s.latency_p50_ms / 300.0 - 1) <= LATENCY_HIST_ERROR,
	   "p50 is the 5th of 10, 300 ms, within the histogram's error (%.6f)",
	   s.latency_p50_ms);
	is_num(s.latency_p50_ms, 300.0315, "p50: the middle of 300 ms's bucket");
	ok(fabs(s.latency_p90_ms / 800.0 - 1) <= LATENCY_HIST_ERROR,
	   "p90 is the 9th of 10: 800 ms within the error (%.6f)", s.latency_p90_ms);
	is_num(s.latency_p99_ms, 899.0715, "p99 is the 10th of 10: 900 ms's bucket's middle");
	is_num(s.latency_p999_ms, 899.0715, "p99.9 is the 10th of 10: the same");
	is_num(s.latency_max_ms, 900.0, "maximum 900 ms");

	/* second 1 [E+1, E+2): 400 100 200 900 50 -> 5 in 1 s, 1650 / 5 = 330,
	 *   max 900, 1 failed (client 1 #4)
	 * second 2 [E+2, E+3): 700 300 600 150 800 -> 5, 2550 / 5 = 510, max 800 */
	char *csv = pgbench_log_series_csv(&l, &len);
	is_str(csv, "second,tps,latency_avg_ms,latency_max_ms,failed\n"
	       "1,5.000,330.000,900.000,1\n"
	       "2,5.000,510.000,800.000,0\n", "per-second series");
	is_int(len, csv ? strlen(csv) : 0, "series length");
	free(csv);
	pgbench_log_free(&l);
}

/* -t: no warm-up, no duration; the window runs to the last transaction. */
static void counted_run(void)
{
	struct pgbench_log l;
	struct pgbench_log_summary s;
	char err[256] = "";
	size_t len;

	int rc = read_logs(&l, 0, 0, err, sizeof(err));
	ok(rc == 0, "no warm-up, no duration: both logs read (%s)", err);
	pgbench_log_summarize(&l, &s);
	/* [E, E+3.0 + 1 us): the last transaction ends inside it */
	is_num(s.window_s, 3.000001, "window from E to just after E+3.0");
	/* client 0: 9 completed; client 1: #1 #3 #5 #6 #7 */
	is_int(s.transactions, 14, "all 14 completed transactions");
	is_int(s.failed, 2, "both failed transactions");
	is_num(s.tps, 14.0 / 3.000001, "tps = 14 / 3.000001 s");
	/* sorted (ms): 50 100 100 100 150 200 250 300 400 500 600 700 800 900;
	 * p50: rank 7 -> 250; p90: rank ceil(12.6) = 13 -> 800 */
	ok(fabs(s.latency_p50_ms / 250.0 - 1) <= LATENCY_HIST_ERROR,
	   "p50 is the 7th of 14: 250 ms within the error (%.6f)", s.latency_p50_ms);
	ok(fabs(s.latency_p90_ms / 800.0 - 1) <= LATENCY_HIST_ERROR,
	   "p90 is the 13th of 14: 800 ms within the error (%.6f)", s.latency_p90_ms);
	is_int(l.n_seconds, 4, "four seconds, the last 1 us long");
	/* second 1 [E, E+1): 100 500 250 -> avg 850 / 3, max 500, 1 failed
	 * second 2: 400 100 200 900 50, failed 1 -> 1650 / 5 = 330
	 * second 3: 700 300 600 150 800 -> 510
	 * second 4: 1 us of it inside the window: left out */
	char *csv = pgbench_log_series_csv(&l, &len);
	is_str(csv, "second,tps,latency_avg_ms,latency_max_ms,failed\n"
	       "1,3.000,283.333,500.000,1\n"
	       "2,5.000,330.000,900.000,1\n"
	       "3,5.000,510.000,800.000,0\n", "series without the 1 us second");
	free(csv);
	pgbench_log_free(&l);
}

/*
 * One client, half of its transactions logged (--sampling-rate 0.5): it
 * ends one every 0.1 s from E+0.1, each 100 ms long, and logs the even
 * ones, #2 at E+0.2 ... #20 at E+2.0.  The run begins at #2's start,
 * E+0.1; the window runs to just after E+2.0.  Before E+1.1 it ended #10
 * (E+1.0, logged) and #11 is halfway to #12: 10 + 1 * 0.5 = 10.5 counted,
 * 20 - 10.5 = 9.5 after; the first second, [E+0.1, E+1.1), 10.5.
 */
static void sampled_run(void)
{
	struct pgbench_log_config cfg = { .clients = 1, .sampling_rate = 0.5 };
	struct pgbench_log l;
	struct pgbench_log_summary s;
	char err[256] = "", line[80];
	size_t len;
	int rc = pgbench_log_init(&l, &cfg);

	for (int n = 2; rc == 0 && n <= 20; n += 2) {
		snprintf(line, sizeof(line), "0 %d 100000 0 %d %d", n, 1700000000 + n / 10,
			 n % 10 * 100000);
		rc = pgbench_log_line(&l, 0, line, err, sizeof(err));
	}
	ok(rc == 0 && pgbench_log_finish(&l, err, sizeof(err)) == 0,
	   "a sampled log is read (%s)", err);
	pgbench_log_summarize(&l, &s);
	is_num(s.window_s, 1.900001, "the window is [E+0.1, E+2.0 + 1 us)");
	is_int(s.transactions, 20, "all 20 transactions, from the numbers of 10 lines");
	is_int(s.logged, 10, "10 latencies");
	ok(fabs(s.latency_p99_ms / 100.0 - 1) <= LATENCY_HIST_ERROR, "p99 100 ms");
	char *csv = pgbench_log_series_csv(&l, &len);
	is_str(csv, "second,tps,latency_avg_ms,latency_max_ms,failed\n"
	       "1,10.500,100.000,100.000,0\n"
	       "2,10.556,100.000,100.000,0\n",
	       "per second: 10.5 in the first, 9.5 in the 0.900001 s after");
	free(csv);
	pgbench_log_free(&l);

	/* sampled failures stand for 1 / rate each */
	pgbench_log_init(&l, &cfg);
	rc = pgbench_log_line(&l, 0, "0 2 100000 0 1700000000 200000", err, sizeof(err));
	rc |= pgbench_log_line(&l, 0, "0 4 failed 0 1700000000 400000", err, sizeof(err));
	rc |= pgbench_log_line(&l, 0, "0 6 100000 0 1700000000 600000", err, sizeof(err));
	ok(rc == 0 && pgbench_log_finish(&l, err, sizeof(err)) == 0, "a failure logged");
	pgbench_log_summarize(&l, &s);
	is_int(s.failed, 2, "one failure logged at rate 0.5: 2 failed");
	is_int(s.transactions, 4, "6 transactions less 2 failed: 4");
	pgbench_log_free(&l);
}

/* -R: schedule lag on each line; -L: late and skipped. */
static void rate_run(void)
{
	struct pgbench_log_config cfg = {
		.clients = 1, .sampling_rate = 1, .lag = true, .latency_limit_us = 5000,
	};
	struct pgbench_log l;
	struct pgbench_log_summary s;
	char err[256] = "";
	size_t len;

	pgbench_log_init(&l, &cfg);
	/* latency includes the lag: 3000 (lag 1000), 7000 (lag 4000) is late,
	 * one skipped, 2000 (lag 0) */
	int rc = feed(&l, 0, "0 1 3000 0 1700000000 100000 1000\n"
		      "0 2 7000 0 1700000000 500000 4000\n"
		      "0 3 skipped 0 1700000000 600000 0\n"
		      "0 4 2000 0 1700000000 900000 0\n", err, sizeof(err));
	ok(rc == 0 && pgbench_log_finish(&l, err, sizeof(err)) == 0,
	   "a log with schedule lag is read (%s)", err);
	pgbench_log_summarize(&l, &s);
	ok(s.lag, "the summary has the lag");
	is_num(s.lag_avg_ms, 5.0 / 3, "mean lag (1 + 4 + 0) / 3 ms");
	is_num(s.lag_max_ms, 4.0, "largest lag 4 ms");
	is_int(s.late, 1, "one completed above 5 ms: late");
	is_int(s.skipped, 1, "one skipped");
	is_int(s.transactions, 3, "3 completed");
	char *csv = pgbench_log_series_csv(&l, &len);
	/* the window: from #1's start, E+0.097, to just after E+0.9 */
	is_str(csv, "second,tps,latency_avg_ms,latency_max_ms,failed,lag_avg_ms,skipped\n"
	       "1,3.736,4.000,7.000,0,1.667,1\n",
	       "the series has lag and skipped columns: 3 in 0.803001 s");
	free(csv);
	pgbench_log_free(&l);

	pgbench_log_init(&l, &cfg);
	ok(pgbench_log_line(&l, 0, "0 1 3000 0 1700000000 100000", err, sizeof(err)) < 0,
	   "with a rate, a line without its lag is refused");
	pgbench_log_free(&l);
}

/* The log ends before the warm-up does; bad lines; no lines. */
static void errors(void)
{
	struct pgbench_log_config cfg = { .duration_s = 10, .clients = 4, .sampling_rate = 1 };
	struct pgbench_log l;
	char err[256] = "";

	ok(read_logs(&l, 5, 10, err, sizeof(err)) < 0,
	   "a warm-up longer than the log fails");
	is_str(err, "pgbench's log ends 3.0 s into the run, before the warm-up "
	       "of 5 s is over", "and says so");
	pgbench_log_free(&l);

	pgbench_log_init(&l, &cfg);
	ok(pgbench_log_line(&l, 0, "0 2 abc 0 1700000000 9x", err, sizeof(err)) < 0,
	   "a bad line fails");
	is_str(err, "not a pgbench log line: \"0 2 abc 0 1700000000 9x\"", "quoting it");
	ok(pgbench_log_line(&l, 0, "4 1 100 0 1700000000 5", err, sizeof(err)) < 0,
	   "a client beyond those pgbench ran fails");
	is_str(err, "client 4, but pgbench ran 4", "and says so");
	pgbench_log_free(&l);

	pgbench_log_init(&l, &cfg);
	ok(pgbench_log_finish(&l, err, sizeof(err)) < 0, "an empty log fails");
	is_str(err, "pgbench logged no transaction", "and says so");
	pgbench_log_free(&l);

	cfg.clients = 1;
	pgbench_log_init(&l, &cfg);
	ok(pgbench_log_line(&l, 0, "0 1 100 0 1700000000 5", err, sizeof(err)) == 0 &&
	   pgbench_log_line(&l, 0, "0 3 100 0 1700000000 9", err, sizeof(err)) < 0,
	   "every transaction logged: a number skipped fails");
	is_str(err, "client 0's log goes from transaction 1 to 3: lines are missing",
	       "and says so");
	pgbench_log_free(&l);

	pgbench_log_init(&l, &cfg);
	ok(pgbench_log_line(&l, 0, "0 1 1500 0 1700000000 5 120 2", err, sizeof(err)) == 0,
	   "schedule lag and retries after the time stamp are taken");
	ok(pgbench_log_line(&l, 0, "0 2 skipped 0 1700000000 7", err, sizeof(err)) == 0,
	   "a skipped transaction is taken");
	ok(pgbench_log_line(&l, 0, "0 2 1500 0 1700000000 8", err, sizeof(err)) < 0,
	   "a transaction number that does not grow is refused");
	ok(pgbench_log_line(&l, 0, "0 3 1500 0 1700000000 1000000", err, sizeof(err)) < 0,
	   "time_us of a million is refused");
	ok(pgbench_log_line(&l, 0, "0 3 1500 0", err, sizeof(err)) < 0,
	   "a short line is refused");
	pgbench_log_free(&l);
}

/*
 * A client whose first transaction begins first and ends last: the lines
 * wait until every client has logged one, so that the run begins with it.
 * client 1's #1 runs E+0 .. E+2.5; client 0 ends one every 0.5 s from E+1.
 */
static void late_first(void)
{
	struct pgbench_log_config cfg = { .warmup_s = 1, .duration_s = 1, .clients = 2,
					  .sampling_rate = 1 };
	struct pgbench_log l;
	struct pgbench_log_summary s;
	char err[256] = "";

	pgbench_log_init(&l, &cfg);
	int rc = feed(&l, 0, "0 1 100000 0 1700000001 0\n0 2 100000 0 1700000001 500000\n"
		      "0 3 100000 0 1700000002 0\n0 4 100000 0 1700000002 500000\n",
		      err, sizeof(err));
	ok(rc == 0 && !l.window_set, "the window waits for client 1's first line");
	rc = feed(&l, 1, "1 1 2500000 0 1700000002 500000\n", err, sizeof(err));
	ok(rc == 0 && l.window_set && pgbench_log_finish(&l, err, sizeof(err)) == 0,
	   "then it is set (%s)", err);
	pgbench_log_summarize(&l, &s);
	/* begins at E (client 1's start): the window is [E+1, E+2) */
	is_int(s.transactions, 2, "[E+1, E+2): client 0's #1 and #2");
	pgbench_log_free(&l);

	/* a client that never logs: the lines wait only so long */
	pgbench_log_init(&l, &cfg);
	char line[80];
	rc = 0;
	for (int n = 1; rc == 0 && n <= PGBENCH_LOG_PENDING_MAX; n++) {
		snprintf(line, sizeof(line), "0 %d 10 0 %d %d", n, 1700000000 + n / 10000,
			 n % 10000 * 100);
		rc = pgbench_log_line(&l, 0, line, err, sizeof(err));
	}
	ok(rc == 0 && l.window_set && l.n_pending == 0,
	   "after %d lines the window is set without client 1", PGBENCH_LOG_PENDING_MAX);
	pgbench_log_free(&l);
}

/* A large known log: every percentile within the histogram's error of
 * the exact nearest-rank one, from 10 us to 20 s. */
static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

static void known_log(void)
{
	enum { N = 200000 };
	static uint32_t lat[N];
	struct pgbench_log_config cfg = { .clients = 4, .sampling_rate = 1 };
	struct pgbench_log l;
	struct pgbench_log_summary s;
	char err[256] = "", line[96];
	uint64_t x = 88172645463325252ull;
	long long number[4] = { 0 };
	double worst = 0;
	int rc = pgbench_log_init(&l, &cfg);

	/* latencies spread evenly on a log scale from 10 us to 20 s (xorshift) */
	for (int i = 0; i < N; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		lat[i] = (uint32_t)(10.0 * pow(2e6, (double)(x >> 11) / 9007199254740992.0));
	}
	for (int i = 0; rc == 0 && i < N; i++) {
		int c = i % 4;
		long long end = 1700000000000000LL + 20000000LL + i * 100LL;
		snprintf(line, sizeof(line), "%d %lld %u 0 %lld %lld", c, ++number[c], lat[i],
			 end / 1000000, end % 1000000);
		rc = pgbench_log_line(&l, (size_t)c, line, err, sizeof(err));
	}
	ok(rc == 0 && pgbench_log_finish(&l, err, sizeof(err)) == 0,
	   "%d transactions read (%s)", N, err);
	pgbench_log_summarize(&l, &s);
	is_int(s.transactions, N, "all of them in the window");
	qsort(lat, N, sizeof(lat[0]), cmp_u32);
	static const unsigned permille[] = { 500, 900, 990, 999 };
	const double got[] = { s.latency_p50_ms, s.latency_p90_ms, s.latency_p99_ms,
			       s.latency_p999_ms };
	for (int i = 0; i < 4; i++) {
		size_t rank = ((size_t)permille[i] * N + 999) / 1000;
		double exact = lat[rank - 1] / 1000.0, e = fabs(got[i] / exact - 1);
		if (e > worst)
			worst = e;
		ok(e <= LATENCY_HIST_ERROR, "p%g: %.3f ms, exact %.3f ms (%.3f %%)",
		   permille[i] / 10.0, got[i], exact, 100 * e);
	}
	ok(worst > 0, "the percentiles are not the exact ones (%.3f %% at worst): "
	   "the test sees the histogram", 100 * worst);
	is_num(s.latency_max_ms, lat[N - 1] / 1000.0, "the maximum is exact");
	pgbench_log_free(&l);
}

/* The logs of seconds, thread0 and thread1. */
static int read_seconds(struct pgbench_log *l, int warmup_s, int duration_s,
			char *err, size_t len)
{
	struct pgbench_log_config cfg = {
		.warmup_s = warmup_s, .duration_s = duration_s, .clients = 2,
		.per_second = true, .sampling_rate = 1,
	};
	if (pgbench_log_init(l, &cfg) < 0)
		return -1;
	if (feed(l, 0, thread0, err, len) < 0 || feed(l, 1, thread1, err, len) < 0)
		return -1;
	return pgbench_log_finish(l, err, len);
}

static void seconds_run(void)
{
	struct pgbench_log l;
	struct pgbench_log_summary s;
	char err[256] = "";
	size_t len;

	int rc = read_seconds(&l, 1, 5, err, sizeof(err));
	ok(rc == 0, "warm-up 1 s, 5 s asked: both logs read (%s)", err);
	is_int(l.lines, 9, "9 lines in the two logs");
	/* 3+4+(5+1)+2+6 and 1+2+(3+1)+4 */
	is_int(l.numbers, 32, "they hold 32 transactions and failures");
	is_int(l.n_seconds, 2, "two whole seconds in the window");
	pgbench_log_summarize(&l, &s);
	ok(!s.percentiles, "no percentiles from a log of seconds");
	is_num(s.window_s, 2.0, "the window is [E+2, E+4): 2 s");
	is_int(s.transactions, 14, "5+3 and 2+4 completed in the window");
	is_int(s.failed, 2, "a serialization and a deadlock failure");
	is_num(s.tps, 7.0, "tps = 14 / 2 s = 7");
	/* sums 1000+600+600+1600 = 3800 us over 14 */
	is_num(s.latency_avg_ms, 3.8 / 14, "mean latency 3800 us / 14");
	/* sums of squares 200000+260000+140000+640000 = 1240000 us^2 */
	double mean = 3800.0 / 14;
	is_num(s.latency_stddev_ms, sqrt(1240000.0 / 14 - mean * mean) / 1000,
	       "stddev from the sums of squares");
	is_num(s.latency_max_ms, 0.5, "maximum 500 us");

	/* E+2: 8 in 1 s, 1600 / 8 = 200 us, max 300, 2 failed;
	 * E+3: 6, 2200 / 6 = 366.7 us, max 500 */
	char *csv = pgbench_log_series_csv(&l, &len);
	is_str(csv, "second,tps,latency_avg_ms,latency_max_ms,failed\n"
	       "1,8.000,0.200,0.300,2\n"
	       "2,6.000,0.367,0.500,0\n", "per-second series");
	free(csv);
	pgbench_log_free(&l);

	rc = read_seconds(&l, 0, 1, err, sizeof(err));
	ok(rc == 0, "no warm-up, 1 s: both logs read (%s)", err);
	pgbench_log_summarize(&l, &s);
	is_num(s.window_s, 1.0, "the window is [E+1, E+2)");
	is_int(s.transactions, 6, "4 and 2 in the first whole second");
	pgbench_log_free(&l);
}

static void seconds_errors(void)
{
	struct pgbench_log_config cfg = { .duration_s = 10, .clients = 1, .per_second = true,
					  .sampling_rate = 1 };
	struct pgbench_log l;
	char err[256] = "";

	ok(read_seconds(&l, 3, 10, err, sizeof(err)) < 0,
	   "a warm-up longer than the log fails");
	is_str(err, "pgbench's log of seconds ends 3 whole s into the run, "
	       "before the warm-up of 3 s is over", "and says so");
	pgbench_log_free(&l);

	pgbench_log_init(&l, &cfg);
	ok(feed(&l, 0, "1700000000 3 300 30000 100 100 0 0 0 0 0 0 0 0 0\n"
		"0 2 1500 0 1700000000 9\n", err, sizeof(err)) < 0,
	   "a log of transactions read as seconds fails");
	is_str(err, "not a line of a pgbench log of seconds: \"0 2 1500 0 1700000000 9\"",
	       "quoting the line");
	pgbench_log_free(&l);

	pgbench_log_init(&l, &cfg);
	ok(pgbench_log_finish(&l, err, sizeof(err)) < 0, "an empty log fails");
	is_str(err, "pgbench logged no second", "and says so");
	ok(pgbench_log_line(&l, 0, "1700000000 3 300 30000 100 100 0 0 0 0 0 0 0 0 0 7",
			    err, sizeof(err)) < 0, "a 16th column is refused");
	ok(pgbench_log_line(&l, 0, "1700000000 3 300 3e4 100 100 0 0 0 0 0 0 0 0 0",
			    err, sizeof(err)) < 0, "a number that is not whole is refused");
	ok(pgbench_log_line(&l, 0, "99999999999999 3 300 30000 100 100 0 0 0 0 0 0 0 0 0",
			    err, sizeof(err)) < 0, "a start beyond any clock is refused");
	ok(pgbench_log_line(&l, 0, "1700000000 3 300 99999999999999999999 100 100 0 0 0 0 0 0 0 0 0",
			    err, sizeof(err)) == 0, "a sum of squares past 2^63 is taken");
	ok(pgbench_log_line(&l, 0, "1800000000 3 300 30000 100 100 0 0 0 0 0 0 0 0 0",
			    err, sizeof(err)) < 0, "seconds years apart are refused");
	pgbench_log_free(&l);
}

int main(void)
{
	timed_run();
	counted_run();
	sampled_run();
	rate_run();
	errors();
	late_first();
	known_log();
	seconds_run();
	seconds_errors();
	return tap_done();
}
