/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * oltp.c: the oltp workload: sysbench's oltp_read_only and
 * oltp_read_write transactions as pgbench scripts on a table like
 * sysbench's sbtest1, loaded with SQL (README.md).
 */
#include "bench/msg.h"
#include "bench/os/fsio.h"
#include "bench/pg/sql.h"
#include "bench/workloads/pgbench/pgbench_run.h"
#include "common/clock.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RANGE_SIZE     100
#define POINT_SELECTS  10
/* Statements per transaction, BEGIN and COMMIT included (as sysbench
 * counts its queries): 10 point selects, 4 ranges, and for read-write
 * 2 updates, a delete and an insert. */
#define READ_ONLY_QUERIES  (2 + POINT_SELECTS + 4)
#define READ_WRITE_QUERIES (READ_ONLY_QUERIES + 4)
/* A transaction that deadlocks is tried again, as sysbench does. */
#define READ_WRITE_TRIES   10

/*
 * sysbench's random strings: c is 10 groups of 11 digits joined by '-'
 * (119 characters), pad 5 groups (59).  OUTER makes the subquery depend
 * on the row being made, so that each row gets its own string.
 */
#define RANDOM_DIGITS(groups, outer) \
	"(SELECT string_agg(lpad((random() * 99999999999)::bigint::text, 11, '0'), '-') " \
	"FROM generate_series(1, " #groups ")" outer ")"

/* What the table holds, in which server generation. */
static int loaded_generation = -1;
static long long loaded_rows;

static int load_table(PGconn *conn, long long rows)
{
	char sql[1024];

	/* no NOTICE of a table that is not there yet on stderr */
	if (sql_exec(conn, "SET client_min_messages = warning") < 0 ||
	    sql_exec(conn, "DROP TABLE IF EXISTS sbtest1") < 0 ||
	    sql_exec(conn, "CREATE TABLE sbtest1 (id serial PRIMARY KEY, "
		     "k integer NOT NULL DEFAULT 0, "
		     "c char(120) NOT NULL DEFAULT '', "
		     "pad char(60) NOT NULL DEFAULT '')") < 0)
		return -1;
	snprintf(sql, sizeof(sql),
		 "INSERT INTO sbtest1 (id, k, c, pad) "
		 "SELECT g, 1 + floor(random() * %lld)::integer, %s, %s "
		 "FROM generate_series(1, %lld) AS g",
		 rows, RANDOM_DIGITS(10, " WHERE g > 0"),
		 RANDOM_DIGITS(5, " WHERE g > 0"), rows);
	if (sql_exec(conn, sql) < 0)
		return -1;
	snprintf(sql, sizeof(sql), "SELECT setval('sbtest1_id_seq', %lld)", rows);
	/* sysbench makes the secondary index after the rows */
	if (sql_exec(conn, sql) < 0 ||
	    sql_exec(conn, "CREATE INDEX k_1 ON sbtest1 (k)") < 0 ||
	    sql_exec(conn, "VACUUM ANALYZE sbtest1") < 0)
		return -1;
	return 0;
}

static int oltp_prepare(struct workload_env *e, const struct bench_case *c)
{
	long long rows = case_param_number(c, "table_size");

	if (loaded_generation == e->generation && loaded_rows == rows)
		return 0;
	note("oltp: loading %lld rows into sbtest1", rows);
	double t0 = clock_now();
	PGconn *conn = sql_connect(e->pg);
	if (!conn)
		return -1;
	loaded_generation = -1;
	int rc = load_table(conn, rows);
	PQfinish(conn);
	if (rc < 0)
		return -1;
	note("oltp: sbtest1 loaded in %.1f s", clock_now() - t0);
	loaded_generation = e->generation;
	loaded_rows = rows;
	return 0;
}

/* Append to the script in buf. */
static void add(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void add(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;

	if (used + 1 >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

/* The transaction of sysbench's oltp_read_only or oltp_read_write. */
static void make_script(char *buf, size_t len, long long rows, bool write)
{
	buf[0] = '\0';
	add(buf, len, "-- sysbench oltp_%s on sbtest1 (%lld rows)\n",
	    write ? "read_write" : "read_only", rows);
	for (int i = 1; i <= POINT_SELECTS; i++)
		add(buf, len, "\\set id%d random(1, %lld)\n", i, rows);
	for (int i = 1; i <= 4; i++) {
		add(buf, len, "\\set r%d random(1, %lld)\n", i, rows);
		add(buf, len, "\\set e%d :r%d + %d\n", i, i, RANGE_SIZE - 1);
	}
	if (write) {
		add(buf, len, "\\set u1 random(1, %lld)\n", rows);
		add(buf, len, "\\set u2 random(1, %lld)\n", rows);
		add(buf, len, "\\set d1 random(1, %lld)\n", rows);
		add(buf, len, "\\set k1 random(1, %lld)\n", rows);
	}
	add(buf, len, "BEGIN;\n");
	for (int i = 1; i <= POINT_SELECTS; i++)
		add(buf, len, "SELECT c FROM sbtest1 WHERE id = :id%d;\n", i);
	add(buf, len, "SELECT c FROM sbtest1 WHERE id BETWEEN :r1 AND :e1;\n");
	add(buf, len, "SELECT sum(k) FROM sbtest1 WHERE id BETWEEN :r2 AND :e2;\n");
	add(buf, len, "SELECT c FROM sbtest1 WHERE id BETWEEN :r3 AND :e3 ORDER BY c;\n");
	add(buf, len, "SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN :r4 AND :e4 "
	    "ORDER BY c;\n");
	if (write) {
		add(buf, len, "UPDATE sbtest1 SET k = k + 1 WHERE id = :u1;\n");
		add(buf, len, "UPDATE sbtest1 SET c = %s WHERE id = :u2;\n",
		    RANDOM_DIGITS(10, ""));
		add(buf, len, "DELETE FROM sbtest1 WHERE id = :d1;\n");
		/* Another client may have put the row back first: sysbench
		 * ignores that error; a pgbench client would stop on it. */
		add(buf, len, "INSERT INTO sbtest1 (id, k, c, pad) VALUES "
		    "(:d1, :k1, %s, %s) ON CONFLICT (id) DO NOTHING;\n",
		    RANDOM_DIGITS(10, ""), RANDOM_DIGITS(5, ""));
	}
	add(buf, len, "COMMIT;\n");
}

static int table_bytes(const struct workload_env *e, long long *bytes)
{
	return sql_bytes(e->pg, "SELECT pg_total_relation_size('sbtest1')", bytes);
}

static int oltp_measure(struct workload_env *e, const struct bench_case *c,
			struct measurement_out *m)
{
	const char *mode = case_param(c, "mode");
	bool write = strcmp(mode, "read-write") == 0;
	long long rows = case_param_number(c, "table_size");
	char label[96], script[4096];
	struct pgbench_job j = {
		.label = label,
		.script_text = script,
		.clients = (int)case_param_number(c, "clients"),
		.warmup_s = (int)case_param_number(c, "warmup_s"),
		.duration_s = (int)case_param_number(c, "duration_s"),
		.protocol = case_param(c, "protocol"),
		.log = pgbench_log_kind(case_param(c, "log")),
		.no_vacuum = true,
		.max_tries = write ? READ_WRITE_TRIES : 0,
		.random_seed = case_param(c, "random_seed"),
	};
	struct pgbench_outcome o;

	j.threads = j.clients;
	snprintf(label, sizeof(label), "oltp %s c=%d", mode, j.clients);
	make_script(script, sizeof(script), rows, write);
	if (pgbench_job_run(e, c, &j, m, &o) < 0)
		return -1;
	int queries = write ? READ_WRITE_QUERIES : READ_ONLY_QUERIES;
	metric_set(m, "queries_per_s", o.window.tps * queries);
	if (table_bytes(e, &m->dataset_bytes) < 0)
		return -1;
	note("%s: %.1f tps, %.0f queries/s, latency avg %.3f ms p99 %.3f ms, "
	     "%lld failed", label, o.window.tps, o.window.tps * queries,
	     o.window.latency_avg_ms, o.window.latency_p99_ms, o.window.failed);
	return 0;
}

const struct workload workload_oltp = {
	.spec = &oltp_spec,
	.prepare = oltp_prepare,
	.measure = oltp_measure,
	.marks_window = true,
};
