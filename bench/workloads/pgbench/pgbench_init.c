/* SPDX-License-Identifier: GPL-2.0-only */
/* pgbench_init.c: pgbench -i run as the case asks (pgbench_load.c); its tables read. */
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

int pgbench_initialize(const struct workload_env *e, const struct pgbench_init *in,
		       const char *log_name, struct pgbench_load *load)
{
	char pgbench[PATH_MAX], path[PATH_MAX], rel[160], header[PATH_MAX + 256];
	const char *argv[PGBENCH_INIT_ARGV];
	struct pgbench_init_words w;
	struct proc_spec spec;

	pg_program(pgbench, sizeof(pgbench), "pgbench");
	pgbench_init_argv(in, pgbench, &w, argv);
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
