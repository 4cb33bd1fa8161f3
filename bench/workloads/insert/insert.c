/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * insert.c: the insert workload: rows of (smallint, varchar(30)) in
 * transactions of `batch` rows, through libpq (README.md).
 */
#include "bench/msg.h"
#include "bench/os/fsio.h"
#include "bench/pg/sql.h"
#include "bench/workloads/cpu_figures.h"
#include "bench/workloads/insert/insert_rows.h"
#include "bench/workloads/io_figures.h"
#include "bench/workloads/wal_figures.h"
#include "bench/workloads/workload.h"
#include "common/clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROGRESS_EVERY_S 5.0
#define STATEMENT "bootbench_insert_row"

/* A fresh, empty table, and no dirty pages of earlier cases left. */
static int insert_prepare(struct workload_env *e, const struct bench_case *c)
{
	char create[160];
	PGconn *conn = sql_connect(e->pg);

	if (!conn)
		return -1;
	snprintf(create, sizeof(create),
		 "CREATE %sTABLE " INSERT_TABLE " (a smallint, b varchar(30))",
		 case_param_number(c, "unlogged") ? "UNLOGGED " : "");
	/* No NOTICE on stderr when there is no table to drop. */
	int rc = sql_exec(conn, "SET client_min_messages = warning");
	if (rc == 0)
		rc = sql_exec(conn, "DROP TABLE IF EXISTS " INSERT_TABLE);
	if (rc == 0)
		rc = sql_exec(conn, create);
	if (rc == 0)
		rc = sql_exec(conn, "CHECKPOINT");
	PQfinish(conn);
	return rc;
}

/* res is a command that inserted want rows; res is cleared. */
static int inserted(PGconn *conn, PGresult *res, long long want, const char *what)
{
	int ok = PQresultStatus(res) == PGRES_COMMAND_OK &&
		 atoll(PQcmdTuples(res)) == want;
	ExecStatusType st = PQresultStatus(res);

	PQclear(res);
	if (ok)
		return 0;
	if (st != PGRES_COMMAND_OK)
		return sql_fail(conn, what);
	return fail("%s inserted fewer than %lld rows", what, want);
}

/* Rows first .. first + count - 1, one prepared INSERT each, in one transaction. */
static int batch_prepared(PGconn *conn, long long first, long long count)
{
	char a_text[16], b[INSERT_B_LEN + 1];
	const char *values[2] = { a_text, b };
	int a;

	if (sql_exec(conn, "BEGIN") < 0)
		return -1;
	for (long long i = first; i < first + count; i++) {
		insert_row(i, &a, b);
		snprintf(a_text, sizeof(a_text), "%d", a);
		PGresult *res = PQexecPrepared(conn, STATEMENT, 2, values, NULL,
					       NULL, 0);
		if (inserted(conn, res, 1, "INSERT (prepared)") < 0)
			return -1;
	}
	return sql_exec(conn, "COMMIT");
}

/* The same rows in one INSERT ... VALUES statement (its own transaction). */
static int batch_values(PGconn *conn, char *sql, size_t size, long long first,
			long long count)
{
	insert_values_sql(sql, size, first, count);
	return inserted(conn, PQexec(conn, sql), count, "INSERT ... VALUES");
}

static int insert_rows(PGconn *conn, const struct bench_case *c, bool prepared,
		       long long rows, long long batch, long long *batches)
{
	size_t size = prepared ? 0 : insert_values_size(batch);
	char *sql = prepared ? NULL : malloc(size);
	double next_note = clock_now() + PROGRESS_EVERY_S, start = clock_now();
	int rc = 0;

	if (!prepared && !sql)
		return fail("out of memory for an INSERT of %lld rows", batch);
	*batches = 0;
	for (long long first = 0; first < rows && rc == 0; first += batch) {
		long long count = rows - first < batch ? rows - first : batch;
		rc = prepared ? batch_prepared(conn, first, count)
			      : batch_values(conn, sql, size, first, count);
		(*batches)++;
		if (rc == 0)
			rc = proc_check_stop(c->id);
		double now = clock_now();
		if (rc == 0 && now >= next_note) {
			note("insert %s: %lld/%lld rows, %.0f rows/s", c->id,
			     first + count, rows, (double)(first + count) / (now - start));
			next_note = now + PROGRESS_EVERY_S;
		}
	}
	free(sql);
	return rc;
}

/* The WAL position on *conn (the runner's own), or WAL_UNREAD with the
 * reason in why and the connection given up. */
static double wal_position(PGconn **conn, char *why, size_t len)
{
	double bytes;

	if (*conn && sql_wal_position(*conn, &bytes, why, len) == 0)
		return bytes;
	PQfinish(*conn);
	*conn = NULL;
	return WAL_UNREAD;
}

static int insert_measure(struct workload_env *e, const struct bench_case *c,
			  struct measurement_out *m)
{
	long long rows = case_param_number(c, "rows");
	long long batch = case_param_number(c, "batch");
	const char *method = case_param(c, "method");
	bool prepared = strcmp(method, "prepared") == 0;
	long long batches = 0;
	double table_bytes = 0;
	PGconn *conn = sql_connect(e->pg);

	if (!conn)
		return -1;
	if (prepared) {
		PGresult *res = PQprepare(conn, STATEMENT, "INSERT INTO " INSERT_TABLE
					  " (a, b) VALUES ($1, $2)", 2, NULL);
		int ok = PQresultStatus(res) == PGRES_COMMAND_OK;
		PQclear(res);
		if (!ok) {
			sql_fail(conn, "PREPARE of the INSERT");
			PQfinish(conn);
			return -1;
		}
	}

	note("insert %s: %lld rows, %lld per transaction (%s)", c->id, rows,
	     batch, method);
	/* the server, and this program as its client; the I/O and the WAL
	 * of the same stretch, the WAL position read outside it */
	struct cpu_work work = { .unit = &cpu_unit_tx, .sides = CPU_SERVER | CPU_RUNNER };
	struct io_work io = { .unit = &cpu_unit_tx };
	struct wal_work wal = { .unit = &cpu_unit_tx };
	struct cpu_reading cpu0, cpu1;
	struct io_reading io0, io1;
	char why[sizeof(wal.why)] = "";
	PGconn *wal_conn = sql_connect_quiet(e->pg, why, sizeof(why));
	double wal0 = wal_position(&wal_conn, why, sizeof(why));
	cpu_read(e, work.sides, &cpu0);
	io_read(e->io, &io0);
	double start = clock_now();
	int rc = insert_rows(conn, c, prepared, rows, batch, &batches);
	double seconds = clock_now() - start;
	io_read(e->io, &io1);
	cpu_read(e, work.sides, &cpu1);
	double wal1 = wal_position(&wal_conn, why, sizeof(why));
	PQfinish(wal_conn);
	if (rc == 0)
		rc = sql_number(conn, "SELECT pg_relation_size('" INSERT_TABLE "')",
				&table_bytes);
	PQfinish(conn);
	if (rc < 0)
		return -1;
	if (seconds <= 0)
		return fail("%s: no time passed while inserting", c->id);

	metric_set(m, "rows_per_s", (double)rows / seconds);
	metric_set(m, "tx_per_s", (double)batches / seconds);
	metric_set(m, "rows", (double)rows);
	metric_set(m, "batches", (double)batches);
	metric_set(m, "seconds", seconds);
	metric_set(m, "table_bytes", table_bytes);
	m->primary = "rows_per_s";
	m->unit = "rows/s";
	m->higher_is_better = true;
	m->measured_s = seconds;
	m->dataset_bytes = (long long)table_bytes;
	cpu_work_add(&work, &cpu0, &cpu1);
	io_work_add(&io, &io0, &io1);
	wal_work_add(&wal, wal0, wal1, why);
	work.units = io.units = wal.units = (double)batches;
	cpu_figures_set(e, m, &work);
	io_figures_set(e, m, &io);
	wal_figures_set(m, &wal);
	note("insert r=%lld b=%lld %s: %.0f rows/s, %.1f transactions/s", rows,
	     batch, method, (double)rows / seconds, (double)batches / seconds);
	return 0;
}

const struct workload workload_insert = {
	.spec = &insert_spec,
	.prepare = insert_prepare,
	.measure = insert_measure,
};
