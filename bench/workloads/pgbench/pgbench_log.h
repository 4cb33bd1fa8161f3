/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pgbench_log.h: the measured window's figures from pgbench's logs, a
 * line at a time as pgbench writes them, in memory that does not grow
 * with the number of transactions.
 *
 * A log of transactions (pgbench -l) has one line per transaction
 * (PostgreSQL 18):
 *
 *     client_id transaction_no time script_no time_epoch time_us [schedule_lag] [retries]
 *
 * where transaction_no counts the client's transactions (every one, logged
 * or not), time is the latency in microseconds or a word ("failed",
 * "skipped", "serialization", "deadlock") when it did not complete, and
 * time_epoch.time_us is when it ended; schedule_lag is there with a rate
 * (-R).  With --sampling-rate only a random part of the transactions is
 * logged.
 *
 * The run begins when its earliest logged transaction began (its end
 * minus its latency); lines are kept until every client has logged one
 * (or PGBENCH_LOG_PENDING_MAX lines wait), as a client's first
 * transaction may begin before the others' and end after them.  Then the
 * window is fixed: it starts warmup_s after the beginning and lasts
 * duration_s (0: to the end), or ends when the last transaction ended.
 * Each line is taken once: a transaction belongs to the window, and to
 * one of its seconds, by the time it ended.
 *
 * Counts come from the transaction numbers, so that they are exact for
 * every transaction, logged or not: how many of a client's transactions
 * ended before a time t is known at each of its logged lines and, between
 * two of them, taken as spread evenly in time (with every transaction
 * logged, exact).  Failed, skipped and late transactions are counted from
 * the logged lines, divided by the sampling rate.  Latencies (mean,
 * deviation, maximum, and percentiles from a log-linear histogram,
 * latency_hist.h) and schedule lag are those of the logged transactions.
 *
 * A log of seconds (pgbench -l --aggregate-interval 1
 * --failures-detailed, PostgreSQL 15 and later) has one line per second
 * and thread:
 *
 *     interval_start num_transactions sum_latency sum_latency_2 min_latency
 *     max_latency sum_lag sum_lag_2 min_lag max_lag skipped retried retries
 *     serialization_failures deadlock_failures
 *
 * where interval_start is a whole Unix second.  A thread's first second
 * began before pgbench started and its last, partial one is never
 * written, so the window is whole seconds: from the first whole second of
 * every thread, warmup_s seconds later, for duration_s seconds or to the
 * last second every thread wrote (pgbench_log_seconds.c).  It gives the
 * same counts, mean, deviation and maximum of the latency, and no
 * percentiles.
 *
 * Marks (pgbench_log_mark) are instants at which the runner read the CPU
 * counters, given before any line of a transaction that ended after them
 * is taken.  Each mark gets how many transactions had ended by then, of
 * every kind, those in flight included by the part of their time that
 * had passed: between two lines of a client, its transactions are taken
 * as spread evenly over the time from the end of the first to the end of
 * the second (with every transaction logged, that is the one in flight).
 * From a log of seconds, a second's transactions are spread evenly over
 * it.  The CPU time of the window is that between its first mark and its
 * last (pgbench_log_summary's mark_from and mark_to).
 */
#ifndef BOOTBENCH_PGBENCH_LOG_H
#define BOOTBENCH_PGBENCH_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bench/workloads/pgbench/latency_hist.h"

/* The longest window a log may give: a week, as long as the init lets a
 * whole run last (bootbench.timeout).  A longer one (clocks far apart)
 * is refused rather than given a second each. */
#define PGBENCH_LOG_WINDOW_MAX_S (7LL * 24 * 3600)
/* Lines kept at most while the beginning is not known. */
#define PGBENCH_LOG_PENDING_MAX 65536

struct pgbench_log_config {
	int warmup_s, duration_s;  /* duration 0: to the end */
	int clients;               /* client_id 0 .. clients - 1 */
	bool per_second;           /* a log of seconds */
	double sampling_rate;      /* of a log of transactions; 1: every one */
	bool lag;                  /* lines have schedule_lag (-R) */
	double latency_limit_us;   /* > 0: count completed ones above it as late */
};

/* One second of the window (or of the run, for a log of seconds). */
struct pgbench_second {
	double total;              /* transactions that ended in it, of every kind */
	long long logged;          /* completed and logged: the latencies below */
	long long failed, skipped; /* logged */
	double latency_sum_us, latency_sum2_us, lag_sum_us;
	uint32_t latency_max_us, lag_max_us;
	double length_s;           /* 1, or less for a last, partial second */
};

/* A logged transaction. */
struct pgbench_txn {
	int client;
	long long number;          /* transaction_no */
	long long end_us;
	uint32_t latency_us, lag_us;
	char kind;                 /* 'c' completed, 'f' failed, 's' skipped */
};

/* A client's place in its log. */
struct pgbench_client {
	long long number;          /* transaction_no of its last line; 0: none yet */
	long long end_us;          /* when it ended (before the first: the run's beginning) */
	size_t next_bound;         /* the first second boundary after end_us */
	size_t next_mark;          /* the first mark it has not passed */
	bool seen;                 /* it logged a line before the window was known */
};

/* A mark: when, and the transactions ended by then (see above). */
struct pgbench_mark {
	long long at_us;           /* on the log's clock */
	double count;
};

struct pgbench_log {
	struct pgbench_log_config cfg;
	long long warmup_us, duration_us;
	long long lines;           /* every line taken */
	long long begin_us;        /* start of the earliest logged transaction */
	long long end_us;          /* end of the last one */
	/* before the window is known */
	bool window_set;
	struct pgbench_txn *pending;
	size_t n_pending, cap_pending, clients_seen;
	struct pgbench_client *clients;
	/* the window: [window_start_us, window_end_us); seconds[k] from
	 * window_start_us + k s; bound[k] counts the transactions that ended
	 * before window_start_us + k s (transactions_no, see above) */
	long long window_start_us, window_end_us;
	struct pgbench_second *seconds;
	double *bound;
	size_t n_seconds, cap_seconds;
	struct latency_hist *hist;
	long long logged, failed, skipped, late;   /* logged in the window */
	double latency_mean_us, latency_m2;        /* Welford's running mean and sum of squares */
	uint32_t latency_max_us, lag_max_us;
	double lag_sum_us;
	long long numbers;         /* the clients' last transaction_no, summed */
	struct pgbench_mark *marks;
	size_t n_marks, cap_marks;
	bool finished;
	/* a log of seconds (pgbench_log_seconds.c) */
	struct pgbench_files *files;
};

/* What the window holds. */
struct pgbench_log_summary {
	double window_s;
	long long transactions;    /* completed in the window */
	long long failed;          /* failed in the window */
	long long skipped;         /* skipped (-L with -R) */
	long long late;            /* completed above the latency limit */
	long long logged;          /* completed transactions whose latency is known */
	double tps;                /* transactions / window_s */
	double latency_avg_ms;
	double latency_stddev_ms;  /* population standard deviation */
	double latency_max_ms;
	bool percentiles;          /* false for a log of seconds */
	/* nearest rank, within LATENCY_HIST_ERROR: the smallest latency with
	 * at least p % of them at or below it */
	double latency_p50_ms, latency_p90_ms, latency_p99_ms, latency_p999_ms;
	bool lag;
	double lag_avg_ms, lag_max_ms;
	/* the mean lag of the window's first and last quarter, for
	 * pgbench_rate.c (0 when the window is under 4 s) */
	double lag_first_ms, lag_last_ms;
	/* the window's first mark and its last (marked: two of them) */
	bool marked;
	size_t mark_from, mark_to;
	double marked_transactions;    /* the transactions between them */
};

/* 0, or -1 out of memory. */
int pgbench_log_init(struct pgbench_log *l, const struct pgbench_log_config *cfg);
void pgbench_log_free(struct pgbench_log *l);

/* One line of log file number file.  0, or -1 with why in err. */
int pgbench_log_line(struct pgbench_log *l, size_t file, const char *line,
		     char *err, size_t len);

/* After the last line.  0, or -1 with why in err (no transaction, a log
 * that ends before the warm-up is over). */
int pgbench_log_finish(struct pgbench_log *l, char *err, size_t len);

void pgbench_log_summarize(const struct pgbench_log *l, struct pgbench_log_summary *s);

/*
 * The per-second series as CSV text (malloc'd, *len set), header
 * "second,tps,latency_avg_ms,latency_max_ms,failed" and, with a rate,
 * ",lag_avg_ms,skipped"; NULL if out of memory.  A second without a
 * completed transaction has latencies 0; a last second of which less than
 * half is inside the window is left out (its transactions count in the
 * summary).
 */
char *pgbench_log_series_csv(const struct pgbench_log *l, size_t *len);

/* A mark at at_us (on the log's clock; not before the last one): its
 * number, or -1 out of memory. */
long pgbench_log_mark(struct pgbench_log *l, long long at_us);

/* For pgbench_log.c: client c, with its line t, passes the marks before
 * t's end; at the end, every mark a client never passed counts all of
 * its transactions.  For pgbench_log_summary.c: the window's first and
 * last mark, false if it has not two. */
void pgbench_log_pass_marks(struct pgbench_log *l, struct pgbench_client *c,
			    const struct pgbench_txn *t);
void pgbench_log_close_marks(struct pgbench_log *l);
bool pgbench_log_marked(const struct pgbench_log *l, size_t *from, size_t *to);

/* For pgbench_log_seconds.c: the log of seconds' side of the calls above. */
int pgbench_log_second_line(struct pgbench_log *l, size_t file, const char *line,
			    char *err, size_t len);
int pgbench_log_seconds_finish(struct pgbench_log *l, char *err, size_t len);
void pgbench_log_seconds_free(struct pgbench_log *l);
/* The seconds array holding at least n seconds; -1 out of memory. */
int pgbench_log_grow(struct pgbench_log *l, size_t n);

#endif
