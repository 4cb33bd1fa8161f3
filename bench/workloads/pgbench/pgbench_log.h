/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pgbench_log.h: read pgbench's per-transaction logs (pgbench -l).
 *
 * Each line of a log is one transaction (PostgreSQL 18):
 *
 *     client_id transaction_no time script_no time_epoch time_us [schedule_lag] [retries]
 *
 * where time is the transaction's latency in microseconds, or a word
 * ("failed", "skipped", "serialization", "deadlock") when it did not
 * complete, and time_epoch.time_us is when it ended.
 *
 * The logs are read twice, a line at a time, without keeping the lines:
 * the first pass finds when the run began (the start of the earliest
 * transaction: its end minus its latency) and when the last transaction
 * ended; that fixes the measured window, which starts warmup_s after the
 * beginning and lasts duration_s (or, if the last transaction ended
 * before that, or duration_s is 0, until the last transaction ended).
 * The second pass takes the transactions that ended inside the window:
 * per-second figures and every latency, for exact percentiles.
 *
 * With pgbench --aggregate-interval 1 --failures-detailed (a log "of
 * seconds", pgbench_log_init_seconds), each line is one second of one
 * thread instead (PostgreSQL 15 and later):
 *
 *     interval_start num_transactions sum_latency sum_latency_2 min_latency
 *     max_latency sum_lag sum_lag_2 min_lag max_lag skipped retried retries
 *     serialization_failures deadlock_failures
 *
 * where interval_start is a whole Unix second.  A thread's first second
 * began before pgbench started and its last, partial one is never
 * written, so the window is whole seconds: from the first whole second of
 * every thread, warmup_s seconds later, for duration_s seconds or to the
 * last second every thread wrote.  It gives the same tps, mean, standard
 * deviation and maximum of the latency, and no percentiles.
 */
#ifndef BOOTBENCH_PGBENCH_LOG_H
#define BOOTBENCH_PGBENCH_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The longest window a log may give: a week, as long as the init lets a
 * whole run last (bootbench.timeout).  A longer one (clocks far apart)
 * is refused rather than given a second each. */
#define PGBENCH_LOG_WINDOW_MAX_S (7LL * 24 * 3600)

/* One second of the window. */
struct pgbench_second {
	long long transactions;    /* completed (not failed, not skipped) */
	long long failed;
	double latency_sum_us;
	uint32_t latency_max_us;
	double length_s;           /* 1, or less for a last, partial second */
};

struct pgbench_log {
	long long warmup_us, duration_us;   /* duration 0: to the end */
	/* first pass */
	long long lines;
	long long logged;                   /* transactions and failures the logs hold */
	long long begin_us;                 /* start of the earliest transaction */
	long long end_us;                   /* end of the last one */
	/* the window: transactions that ended in [window_start_us, window_end_us) */
	bool window_set;
	long long window_start_us, window_end_us;
	struct pgbench_second *seconds;
	size_t n_seconds;
	/* second pass */
	uint32_t *latencies;                /* of the completed transactions */
	size_t n_latencies, cap_latencies;
	long long transactions, failed, skipped;
	bool sorted;
	/* a log of seconds (pgbench_log_seconds.c) */
	bool per_second;
	long long file_lines, file_last_s;  /* the file being read: lines so far, last second */
	long long first_s, last_s;          /* whole seconds every thread wrote */
	double latency_sum_us, latency_sum2_us;
	uint32_t latency_max_us;
};

/* What the window holds. */
struct pgbench_log_summary {
	double window_s;
	long long transactions;    /* completed in the window */
	long long failed;          /* failed in the window */
	long long skipped;
	double tps;                /* transactions / window_s */
	double latency_avg_ms;
	double latency_stddev_ms;  /* population standard deviation */
	double latency_max_ms;
	bool percentiles;          /* false for a log of seconds: no latencies */
	/* nearest rank: the smallest latency with at least p % of them at
	 * or below it, i.e. the ceil(p/100 * n)-th smallest */
	double latency_p50_ms, latency_p90_ms, latency_p99_ms, latency_p999_ms;
};

void pgbench_log_init(struct pgbench_log *l, int warmup_s, int duration_s);
/* The same for logs of seconds (--aggregate-interval 1). */
void pgbench_log_init_seconds(struct pgbench_log *l, int warmup_s, int duration_s);
void pgbench_log_free(struct pgbench_log *l);

/* First pass: one line.  0, or -1 with why in err. */
int pgbench_log_scan_line(struct pgbench_log *l, const char *line,
			  char *err, size_t len);

/* Between the passes: fix the window.  0, or -1 with why in err. */
int pgbench_log_set_window(struct pgbench_log *l, char *err, size_t len);

/* Second pass: one line.  0, or -1 with why in err. */
int pgbench_log_add_line(struct pgbench_log *l, const char *line,
			 char *err, size_t len);

/* The same three for logs of seconds (pgbench_log_seconds.c), which the
 * three above call when l->per_second is set, and the latency figures
 * pgbench_log_summarize takes from them.
 * The first pass must see each file's lines from its first one
 * (pgbench_log_read_file sees to that). */
int pgbench_log_scan_second(struct pgbench_log *l, const char *line,
			    char *err, size_t len);
int pgbench_log_set_window_seconds(struct pgbench_log *l, char *err, size_t len);
int pgbench_log_add_second(struct pgbench_log *l, const char *line,
			   char *err, size_t len);
void pgbench_log_latency_seconds(const struct pgbench_log *l,
				 struct pgbench_log_summary *s);

/* A whole file, for either pass (second: true for the second pass).
 * 0, or -1 with the file, line and why in err. */
int pgbench_log_read_file(struct pgbench_log *l, const char *path,
			  bool second, char *err, size_t len);

/* After the second pass. */
void pgbench_log_summarize(struct pgbench_log *l, struct pgbench_log_summary *s);

/* Nearest-rank percentile (permille: 500, 900, 990, 999) of n sorted
 * values; 0 if n is 0. */
uint32_t pgbench_percentile(const uint32_t *sorted, size_t n, unsigned permille);

/*
 * The per-second series as CSV text (malloc'd, *len set), header
 * "second,tps,latency_avg_ms,latency_max_ms,failed"; NULL if out of
 * memory.  A second without a completed transaction has latencies 0; a
 * last second of which less than half is inside the window is left out
 * (its transactions count in the summary).
 */
char *pgbench_log_series_csv(const struct pgbench_log *l, size_t *len);

#endif
