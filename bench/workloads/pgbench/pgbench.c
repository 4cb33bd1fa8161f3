/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pgbench.c: the pgbench workload: pgbench's own tables and scripts, or
 * a custom script, with figures from its per-transaction log
 * (README.md).
 */
#include "bench/msg.h"
#include "bench/pg/sql.h"
#include "bench/workloads/pgbench/pgbench_run.h"
#include "common/fileio.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCRIPT_MAX_BYTES (1 << 20)

/* What pgbench -i last made, in which server generation. */
static int loaded_generation = -1;
static long long loaded_scale;

static int pgbench_prepare(struct workload_env *e, const struct bench_case *c)
{
	long long scale = case_param_number(c, "scale");
	char log_name[160];

	if (loaded_generation == e->generation && loaded_scale == scale)
		return 0;
	snprintf(log_name, sizeof(log_name), "%s-init.txt", c->group);
	note("pgbench -i: scale %lld", scale);
	loaded_generation = -1;
	if (pgbench_initialize(e, (int)scale, log_name) < 0)
		return -1;
	loaded_generation = e->generation;
	loaded_scale = scale;
	return 0;
}

/* The custom script's text (malloc'd), or NULL after fail(). */
static char *custom_script(const struct workload_env *e, const struct bench_case *c)
{
	const char *name = case_param(c, "custom_script");
	char path[PATH_MAX];

	if (name[0] != '/' && (!e->suite_dir || !e->suite_dir[0])) {
		fail("%s: custom_script \"%s\" needs a suite file in a directory",
		     c->id, name);
		return NULL;
	}
	if (name[0] == '/')
		snprintf(path, sizeof(path), "%s", name);
	else
		snprintf(path, sizeof(path), "%s/%s", e->suite_dir, name);
	char *text = read_text(path, SCRIPT_MAX_BYTES, NULL);
	if (!text)
		fail("could not read custom_script \"%s\":", path);
	return text;
}

/* The size of the database, for the engine's fits-in-RAM judgement. */
static int database_bytes(const struct workload_env *e, long long *bytes)
{
	PGconn *conn = sql_connect(e->pg);
	double v;

	if (!conn)
		return -1;
	int rc = sql_number(conn, "SELECT pg_database_size(current_database())", &v);
	PQfinish(conn);
	if (rc == 0)
		*bytes = (long long)v;
	return rc;
}

static int pgbench_measure(struct workload_env *e, const struct bench_case *c,
			   struct measurement_out *m)
{
	const char *script = case_param(c, "script");
	const char *threads = case_param(c, "threads");
	bool custom = strcmp(script, "custom") == 0;
	char label[96];
	struct pgbench_job j = {
		.label = label,
		.clients = (int)case_param_number(c, "clients"),
		.warmup_s = (int)case_param_number(c, "warmup_s"),
		.duration_s = (int)case_param_number(c, "duration_s"),
		.transactions = case_param_number(c, "transactions"),
		.protocol = case_param(c, "protocol"),
		.log_seconds = strcmp(case_param(c, "log"), "seconds") == 0,
	};
	struct pgbench_outcome o;
	char *text = NULL;
	long long scale = case_param_number(c, "scale");

	j.threads = strcmp(threads, "clients") == 0 ? j.clients : atoi(threads);
	snprintf(label, sizeof(label), "pgbench %s c=%d", script, j.clients);
	if (custom) {
		if (!(text = custom_script(e, c)))
			return -1;
		j.script_text = text;
		j.scale = (int)scale;      /* pgbench reports (and sets :scale) 1 otherwise */
	} else {
		j.builtin = script;
	}
	int rc = pgbench_job_run(e, c, &j, m, &o);
	free(text);
	if (rc < 0)
		return -1;
	if (database_bytes(e, &m->dataset_bytes) < 0)
		return -1;
	/* tpcb-like updates a row of pgbench_branches in every transaction
	 * (simple-update and select-only do not touch it) */
	if (strcmp(script, "tpcb-like") == 0 && scale < j.clients)
		measure_warn(m, "scale-below-clients",
			     "scale %lld is below %d clients: they contend for the "
			     "%lld row(s) of pgbench_branches", scale, j.clients, scale);
	note("%s: %.1f tps, latency avg %.3f ms p99 %.3f ms, %lld transactions, "
	     "%lld failed", label, o.window.tps, o.window.latency_avg_ms,
	     o.window.latency_p99_ms, o.window.transactions, o.window.failed);
	return 0;
}

const struct workload workload_pgbench = {
	.spec = &pgbench_spec,
	.prepare = pgbench_prepare,
	.measure = pgbench_measure,
	.marks_window = true,
};
