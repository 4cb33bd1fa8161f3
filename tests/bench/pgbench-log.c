/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reading pgbench's logs: of transactions (the window, the per-second
 * series, tps and latency percentiles) and of seconds (--aggregate-interval
 * 1: the window of whole seconds, the series, tps and the latency's mean,
 * deviation and maximum), checked against figures worked out by hand from
 * small logs.
 */
#include "bench/workloads/pgbench/pgbench_log.h"
#include "tap.h"

#include <stdlib.h>
#include <unistd.h>

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

static char dir[] = "/tmp/pgbench-log-test.XXXXXX";
static char path0[64], path1[64], path_bad[64], spath0[64], spath1[64];

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
		printf("Bail out! cannot write %s\n", path);
		exit(1);
	}
}

/* Both passes over the files a and b into l, made by its init. */
static int read_two(struct pgbench_log *l, const char *a, const char *b,
		    char *err, size_t len)
{
	if (pgbench_log_read_file(l, a, false, err, len) < 0 ||
	    pgbench_log_read_file(l, b, false, err, len) < 0 ||
	    pgbench_log_set_window(l, err, len) < 0 ||
	    pgbench_log_read_file(l, a, true, err, len) < 0 ||
	    pgbench_log_read_file(l, b, true, err, len) < 0)
		return -1;
	return 0;
}

/* The logs of transactions, client0 and client1. */
static int read_logs(struct pgbench_log *l, int warmup_s, int duration_s,
		     char *err, size_t len)
{
	pgbench_log_init(l, warmup_s, duration_s);
	return read_two(l, path0, path1, err, len);
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
	 * p99: rank ceil(9.9) = 10 -> 900; p99.9: rank ceil(9.99) = 10 -> 900 */
	is_num(s.latency_p50_ms, 300.0, "p50 is the 5th of 10: 300 ms");
	is_num(s.latency_p90_ms, 800.0, "p90 is the 9th of 10: 800 ms");
	is_num(s.latency_p99_ms, 900.0, "p99 is the 10th of 10: 900 ms");
	is_num(s.latency_p999_ms, 900.0, "p99.9 is the 10th of 10: 900 ms");
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
	is_num(s.latency_p50_ms, 250.0, "p50 is the 7th of 14: 250 ms");
	is_num(s.latency_p90_ms, 800.0, "p90 is the 13th of 14: 800 ms");
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

/* The log ends before the warm-up does; bad lines; no lines. */
static void errors(void)
{
	struct pgbench_log l;
	char err[256] = "";

	ok(read_logs(&l, 5, 10, err, sizeof(err)) < 0,
	   "a warm-up longer than the log fails");
	is_str(err, "pgbench's log ends 3.0 s into the run, before the warm-up "
	       "of 5 s is over", "and says so");
	pgbench_log_free(&l);

	write_file(path_bad, "0 1 100 0 1700000000 5\n0 2 abc 0 1700000000 9x\n");
	pgbench_log_init(&l, 0, 10);
	ok(pgbench_log_read_file(&l, path_bad, false, err, sizeof(err)) < 0,
	   "a bad line fails");
	char want[256];
	snprintf(want, sizeof(want), "%s:2: not a pgbench log line: "
		 "\"0 2 abc 0 1700000000 9x\"", path_bad);
	is_str(err, want, "naming file, line and the line");
	pgbench_log_free(&l);

	pgbench_log_init(&l, 0, 10);
	ok(pgbench_log_set_window(&l, err, sizeof(err)) < 0, "an empty log fails");
	is_str(err, "pgbench logged no transaction", "and says so");
	pgbench_log_free(&l);

	pgbench_log_init(&l, 0, 10);
	ok(pgbench_log_scan_line(&l, "3 7 1500 0 1700000000 5 120 2", err,
				 sizeof(err)) == 0,
	   "schedule lag and retries after the time stamp are taken");
	ok(pgbench_log_scan_line(&l, "3 8 skipped 0 1700000000 7", err,
				 sizeof(err)) == 0, "a skipped transaction is taken");
	ok(pgbench_log_scan_line(&l, "3 9 1500 0 1700000000 1000000", err,
				 sizeof(err)) < 0, "time_us of a million is refused");
	ok(pgbench_log_scan_line(&l, "3 9 1500 0", err, sizeof(err)) < 0,
	   "a short line is refused");
	pgbench_log_free(&l);
}

static void percentiles(void)
{
	uint32_t v[1000];

	for (unsigned i = 0; i < 1000; i++)
		v[i] = i + 1;
	/* ranks ceil(p * 1000): 500, 900, 990, 999 */
	is_int(pgbench_percentile(v, 1000, 500), 500, "p50 of 1..1000");
	is_int(pgbench_percentile(v, 1000, 900), 900, "p90 of 1..1000");
	is_int(pgbench_percentile(v, 1000, 990), 990, "p99 of 1..1000");
	is_int(pgbench_percentile(v, 1000, 999), 999, "p99.9 of 1..1000");
	/* 1001 values: p99.9 rank ceil(999.999) = 1000 */
	uint32_t w[1001];
	for (unsigned i = 0; i < 1001; i++)
		w[i] = i + 1;
	is_int(pgbench_percentile(w, 1001, 999), 1000, "p99.9 of 1..1001");
	is_int(pgbench_percentile(v, 1, 500), 1, "p50 of one value");
	is_int(pgbench_percentile(v, 1, 999), 1, "p99.9 of one value");
	is_int(pgbench_percentile(v, 0, 500), 0, "no values: 0");
}

/* The logs of seconds, thread0 and thread1. */
static int read_seconds(struct pgbench_log *l, int warmup_s, int duration_s,
			char *err, size_t len)
{
	pgbench_log_init_seconds(l, warmup_s, duration_s);
	return read_two(l, spath0, spath1, err, len);
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
	is_int(l.logged, 32, "they hold 32 transactions and failures");
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
	struct pgbench_log l;
	char err[256] = "";

	ok(read_seconds(&l, 3, 10, err, sizeof(err)) < 0,
	   "a warm-up longer than the log fails");
	is_str(err, "pgbench's log of seconds ends 3 whole s into the run, "
	       "before the warm-up of 3 s is over", "and says so");
	pgbench_log_free(&l);

	write_file(path_bad, "1700000000 3 300 30000 100 100 0 0 0 0 0 0 0 0 0\n"
		   "0 2 1500 0 1700000000 9\n");
	pgbench_log_init_seconds(&l, 0, 10);
	ok(pgbench_log_read_file(&l, path_bad, false, err, sizeof(err)) < 0,
	   "a log of transactions read as seconds fails");
	char want[256];
	snprintf(want, sizeof(want), "%s:2: not a line of a pgbench log of "
		 "seconds: \"0 2 1500 0 1700000000 9\"", path_bad);
	is_str(err, want, "naming file, line and the line");
	pgbench_log_free(&l);

	pgbench_log_init_seconds(&l, 0, 10);
	ok(pgbench_log_set_window(&l, err, sizeof(err)) < 0, "an empty log fails");
	is_str(err, "pgbench logged no second", "and says so");
	ok(pgbench_log_scan_line(&l, "1700000000 3 300 30000 100 100 0 0 0 0 0 0 0 0 0 7",
				 err, sizeof(err)) < 0, "a 16th column is refused");
	ok(pgbench_log_scan_line(&l, "1700000000 3 300 3e4 100 100 0 0 0 0 0 0 0 0 0",
				 err, sizeof(err)) < 0, "a number that is not whole is refused");
	ok(pgbench_log_scan_line(&l, "99999999999999 3 300 30000 100 100 0 0 0 0 0 0 0 0 0",
				 err, sizeof(err)) < 0, "a start beyond any clock is refused");
	ok(pgbench_log_scan_line(&l, "1700000000 3 300 99999999999999999999 100 100 0 0 0 0 0 0 0 0 0",
				 err, sizeof(err)) == 0, "a sum of squares past 2^63 is taken");
	pgbench_log_free(&l);
}

int main(void)
{
	if (!mkdtemp(dir)) {
		printf("Bail out! mkdtemp failed\n");
		return 1;
	}
	snprintf(path0, sizeof(path0), "%s/pgbench_log.100", dir);
	snprintf(path1, sizeof(path1), "%s/pgbench_log.100.1", dir);
	snprintf(path_bad, sizeof(path_bad), "%s/bad", dir);
	snprintf(spath0, sizeof(spath0), "%s/pgbench_log.200", dir);
	snprintf(spath1, sizeof(spath1), "%s/pgbench_log.200.1", dir);
	write_file(path0, client0);
	write_file(path1, client1);
	write_file(spath0, thread0);
	write_file(spath1, thread1);

	timed_run();
	counted_run();
	errors();
	percentiles();
	seconds_run();
	seconds_errors();

	unlink(path0);
	unlink(path1);
	unlink(spath0);
	unlink(spath1);
	unlink(path_bad);
	rmdir(dir);
	return tap_done();
}
