/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pgbench_run.h: what the pgbench and oltp workloads share -- run
 * pgbench once with a log, read as pgbench writes it, and turn its report
 * and log into a measurement.
 */
#ifndef BOOTBENCH_PGBENCH_RUN_H
#define BOOTBENCH_PGBENCH_RUN_H

#include <stdbool.h>

#include "bench/workloads/pgbench/pgbench_log.h"
#include "bench/workloads/pgbench/pgbench_output.h"
#include "bench/workloads/workload.h"

/* What pgbench logs (the log key): every transaction up to
 * PGBENCH_LOG_RATE_MAX a second and a sample above, every transaction,
 * or seconds (--aggregate-interval 1). */
enum pgbench_log_kind { PGBENCH_LOG_AUTO, PGBENCH_LOG_TRANSACTIONS, PGBENCH_LOG_SECONDS };

/* One pgbench run. */
struct pgbench_job {
	const char *label;         /* progress lines: "pgbench tpcb-like c=2" */
	const char *builtin;       /* -b NAME; or NULL and: */
	const char *script_text;   /* -f: a script, kept as logs/<group>.sql */
	int clients, threads;
	int warmup_s, duration_s;  /* -T warmup_s + duration_s ... */
	long long transactions;    /* ... unless this (-t, per client) is > 0 */
	int overrun_s;             /* -T: the case fails this long past its length; 0: 120 s */
	const char *protocol;      /* -M */
	int scale;                 /* -s (for scripts' :scale); 0: not given */
	bool no_vacuum;            /* -n */
	int max_tries;             /* --max-tries; 0: pgbench's default (1) */
	enum pgbench_log_kind log;
	double rate;               /* -R tps; 0: none */
	double latency_limit_ms;   /* -L; 0: none */
	const char *random_seed;   /* --random-seed: time, rand or a number */
};

/* What the run gave besides the metrics. */
struct pgbench_outcome {
	struct pgbench_report report;
	struct pgbench_log_summary window;
	double sampling_rate;      /* of the log that was read */
};

/* argv as "$ pgbench -i ...", the head of a log of its output. */
void pgbench_command_line(const char *const *argv, char *buf, size_t len);

/* The [pgbench] keys' value of log. */
enum pgbench_log_kind pgbench_log_kind(const char *value);

/*
 * Run pgbench as j says for case c, its output in logs/<id>.txt and its
 * per-second series in series/<id>.csv.  Sets the metrics tps,
 * latency_avg_ms, latency_stddev_ms, latency_p50_ms ... latency_p999_ms
 * (not with a log of seconds), latency_max_ms, transactions,
 * failed_transactions, pgbench_tps (and retried_transactions with
 * max_tries; schedule_lag_avg_ms, schedule_lag_max_ms with a rate,
 * skipped_transactions with a rate and a latency limit,
 * late_transactions with a latency limit), the CPU time per transaction
 * of the server and pgbench (cpu_figures.h: its metrics and the fact
 * "cpu_time", or the warning no-cpu-time), the I/O and the WAL of the
 * same stretch per transaction (io_figures.h, wal_figures.h: the facts
 * "io", "wal_io" and "wal", or the warnings no-io-counts and
 * no-wal-bytes), the primary metric (tps),
 * measured_s, series, the facts "percentiles" and "log", and the warning
 * rate-not-sustained in m.  0 or fail().
 */
int pgbench_job_run(const struct workload_env *e, const struct bench_case *c,
		    const struct pgbench_job *j, struct measurement_out *m,
		    struct pgbench_outcome *out);

#endif
