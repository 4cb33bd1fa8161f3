/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pgbench_run.h: what the pgbench and oltp workloads share -- create
 * pgbench's tables, and run pgbench once with a per-transaction log,
 * turning its report and log into a measurement.
 */
#ifndef BOOTBENCH_PGBENCH_RUN_H
#define BOOTBENCH_PGBENCH_RUN_H

#include <stdbool.h>

#include "bench/workloads/pgbench/pgbench_log.h"
#include "bench/workloads/pgbench/pgbench_output.h"
#include "bench/workloads/workload.h"

/* One pgbench run. */
struct pgbench_job {
	const char *label;         /* progress lines: "pgbench tpcb-like c=2" */
	const char *builtin;       /* -b NAME; or NULL and: */
	const char *script_text;   /* -f: a script, kept as logs/<group>.sql */
	int clients, threads;
	int warmup_s, duration_s;  /* -T warmup_s + duration_s ... */
	long long transactions;    /* ... unless this (-t, per client) is > 0 */
	const char *protocol;      /* -M */
	int scale;                 /* -s (for scripts' :scale); 0: not given */
	bool no_vacuum;            /* -n */
	int max_tries;             /* --max-tries; 0: pgbench's default (1) */
	bool log_seconds;          /* -l --aggregate-interval 1, not every transaction */
};

/* What the run gave besides the metrics. */
struct pgbench_outcome {
	struct pgbench_report report;
	struct pgbench_log_summary window;
};

/* pgbench -i -q -s scale, its output in logs/<log_name>.  0 or fail(). */
int pgbench_initialize(const struct workload_env *e, int scale,
		       const char *log_name);

/*
 * Run pgbench as j says for case c, its output in logs/<id>.txt and its
 * per-second series in series/<id>.csv.  Sets the metrics tps,
 * latency_avg_ms, latency_stddev_ms, latency_p50_ms ... latency_p999_ms
 * (not with log_seconds), latency_max_ms, transactions, failed_transactions, pgbench_tps (and
 * retried_transactions with max_tries), the primary metric (tps),
 * measured_s and series in m.  0 or fail().
 */
int pgbench_job_run(const struct workload_env *e, const struct bench_case *c,
		    const struct pgbench_job *j, struct measurement_out *m,
		    struct pgbench_outcome *out);

#endif
