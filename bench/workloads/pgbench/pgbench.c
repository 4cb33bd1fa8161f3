/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pgbench.c: the pgbench workload: pgbench's own tables and scripts, or
 * a custom script, with figures from its log (README.md).
 */
#include "bench/msg.h"
#include "bench/pg/sql.h"
#include "bench/workloads/pgbench/pgbench_init.h"
#include "bench/workloads/pgbench/pgbench_keys.h"
#include "bench/workloads/pgbench/pgbench_run.h"
#include "common/fileio.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCRIPT_MAX_BYTES (1 << 20)

/* What pgbench -i last made, in which server generation, and what it took. */
static int loaded_generation = -1;
static struct pgbench_init loaded;
static struct pgbench_load load;

static int pgbench_prepare(struct workload_env *e, const struct bench_case *c)
{
	struct pgbench_init in;
	char log_name[160], cmd[256];

	pgbench_init_of(c, &in);
	if (loaded_generation == e->generation && pgbench_init_same(&loaded, &in))
		return 0;
	pgbench_init_command(&in, cmd, sizeof(cmd));
	loaded_generation = -1;
	load = (struct pgbench_load){ .template = e->loaded && strcmp(e->loaded, cmd) == 0 };
	if (load.template) {
		if (pgbench_warm(e) < 0 || pgbench_database_bytes(e, &load.database_bytes) < 0)
			return -1;
	} else {
		snprintf(log_name, sizeof(log_name), "%s-init.txt", c->group);
		note("pgbench -i: scale %lld, steps %s", in.scale, in.steps);
		if (pgbench_initialize(e, &in, log_name, &load) < 0)
			return -1;
	}
	loaded_generation = e->generation;
	loaded = in;
	if (load.template)
		note("pgbench -i: scale %lld, steps %s: the cluster came loaded (%s), database "
		     "%.0f MiB (%.2f of RAM)", in.scale, in.steps, cmd,
		     (double)load.database_bytes / (1 << 20), e->mem_total_bytes > 0 ?
		     (double)load.database_bytes / (double)e->mem_total_bytes : 0);
	else
		note("pgbench -i: scale %lld loaded in %.1f s, database %.0f MiB (%.2f of RAM)",
		     in.scale, load.seconds, (double)load.database_bytes / (1 << 20),
		     e->mem_total_bytes > 0 ?
		     (double)load.database_bytes / (double)e->mem_total_bytes : 0);
	return 0;
}

/* The load the case ran on: in every line of its environment. */
static void load_facts(const struct workload_env *e, struct measurement_out *m)
{
	measure_fact_text(m, "load", "init_steps", loaded.steps);
	measure_fact_text(m, "load", "source", load.template ? "template" : "pgbench -i");
	measure_fact(m, "load", "seconds", load.seconds);
	measure_fact(m, "load", "database_bytes", (double)load.database_bytes);
	if (e->mem_total_bytes > 0)
		measure_fact(m, "load", "ram_ratio",
			     (double)load.database_bytes / (double)e->mem_total_bytes);
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
		.overrun_s = (int)case_param_number(c, "overrun_s"),
		.protocol = case_param(c, "protocol"),
		.log = pgbench_log_kind(case_param(c, "log")),
		.random_seed = case_param(c, "random_seed"),
	};
	struct pgbench_outcome o;
	char *text = NULL;
	long long scale = case_param_number(c, "scale");

	j.threads = strcmp(threads, "clients") == 0 ? j.clients : atoi(threads);
	/* checked by the spec: "none" gives 0 */
	pgbench_parse_positive(case_param(c, "rate"), 1e300, &j.rate);
	pgbench_parse_positive(case_param(c, "latency_limit"), 1e300, &j.latency_limit_ms);
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
	if (pgbench_database_bytes(e, &m->dataset_bytes) < 0)
		return -1;
	load_facts(e, m);
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
