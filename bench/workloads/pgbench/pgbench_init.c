/* SPDX-License-Identifier: GPL-2.0-only */
/* pgbench_init.c: pgbench -i with the [pgbench] keys' options (pgbench_init.h). */
#include "bench/workloads/pgbench/pgbench_init.h"
#include "bench/msg.h"
#include "bench/pg/sql.h"
#include "bench/workloads/pgbench/pgbench_keys.h"
#include "bench/workloads/pgbench/pgbench_run.h"
#include "common/clock.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

/* Bounds: table creation grows with the scale. */
#define INIT_TIMEOUT_S(scale)  (120.0 + 60.0 * (double)(scale))

void pgbench_init_of(const struct bench_case *c, struct pgbench_init *in)
{
	memset(in, 0, sizeof(*in));
	in->scale = case_param_number(c, "scale");
	snprintf(in->steps, sizeof(in->steps), "%s",
		 pgbench_init_steps(case_param(c, "init_steps"), in->scale));
	in->partitions = case_param_number(c, "partitions");
	snprintf(in->partition_method, sizeof(in->partition_method), "%s",
		 case_param(c, "partition_method"));
	in->fillfactor = case_param_number(c, "fillfactor");
	in->unlogged = case_param_number(c, "unlogged") != 0;
}

bool pgbench_init_same(const struct pgbench_init *a, const struct pgbench_init *b)
{
	return a->scale == b->scale && strcmp(a->steps, b->steps) == 0 &&
		a->partitions == b->partitions &&
		(a->partitions == 0 || strcmp(a->partition_method, b->partition_method) == 0) &&
		a->fillfactor == b->fillfactor && a->unlogged == b->unlogged;
}

static void init_line(void *ctx, const char *line)
{
	(void)ctx;
	note("pgbench -i: %s", line);
}

int pgbench_warm(const struct workload_env *e)
{
	PGconn *conn = sql_connect(e->pg);

	if (!conn)
		return -1;
	int rc = sql_exec(conn, "SELECT sum(abalance) FROM pgbench_accounts UNION ALL "
			  "SELECT sum(bbalance) FROM pgbench_branches UNION ALL "
			  "SELECT sum(tbalance) FROM pgbench_tellers");
	PQfinish(conn);
	return rc;
}

int pgbench_database_bytes(const struct workload_env *e, long long *bytes)
{
	return sql_bytes(e->pg, "SELECT pg_database_size(current_database())", bytes);
}

/* The text of pgbench -i's arguments. */
struct init_words {
	char scale[24], parts[40], method[40], fill[32];
};

/* pgbench -i's argv for in, program first, in argv[16]. */
static void init_argv(const struct pgbench_init *in, const char *program,
		      struct init_words *w, const char **argv)
{
	size_t n = 0;

	snprintf(w->scale, sizeof(w->scale), "%lld", in->scale);
	snprintf(w->parts, sizeof(w->parts), "--partitions=%lld", in->partitions);
	snprintf(w->method, sizeof(w->method), "--partition-method=%s", in->partition_method);
	snprintf(w->fill, sizeof(w->fill), "--fillfactor=%lld", in->fillfactor);
	argv[n++] = program;
	argv[n++] = "-i";
	argv[n++] = "-q";
	argv[n++] = "-s";
	argv[n++] = w->scale;
	argv[n++] = "-I";
	argv[n++] = in->steps;
	if (in->partitions > 0) {
		argv[n++] = w->parts;
		argv[n++] = w->method;
	}
	if (in->fillfactor != 100)
		argv[n++] = w->fill;
	if (in->unlogged)
		argv[n++] = "--unlogged-tables";
	argv[n] = NULL;
}

void pgbench_init_command(const struct pgbench_init *in, char *buf, size_t len)
{
	struct init_words w;
	const char *argv[16];
	size_t used = 0;

	init_argv(in, "pgbench", &w, argv);
	buf[0] = '\0';
	for (size_t i = 0; argv[i] && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", argv[i]);
}

int pgbench_initialize(const struct workload_env *e, const struct pgbench_init *in,
		       const char *log_name, struct pgbench_load *load)
{
	char pgbench[PATH_MAX], path[PATH_MAX], rel[160], header[PATH_MAX + 256];
	const char *argv[16];
	struct init_words w;
	struct proc_spec spec;

	pg_program(pgbench, sizeof(pgbench), "pgbench");
	init_argv(in, pgbench, &w, argv);
	snprintf(rel, sizeof(rel), "logs/%s", log_name);
	run_path(e, path, sizeof(path), "%s", rel);
	pg_spec(e->pg, &spec, "pgbench -i", argv, rel);
	pgbench_command_line(argv, header, sizeof(header));
	double t0 = clock_now();
	if (proc_run_logged(&spec, INIT_TIMEOUT_S(in->scale), path, header, init_line, NULL) < 0)
		return -1;
	load->seconds = clock_now() - t0;
	return pgbench_database_bytes(e, &load->database_bytes);
}
