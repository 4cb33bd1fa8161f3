/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * seqscan.c: the seqscan workload: SELECT count(*) of a table from cold
 * caches, beside the raw sequential write and read of a file of the same
 * size on the same filesystem (README.md).
 */
#include "bench/msg.h"
#include "bench/os/fsio.h"
#include "bench/pg/sql.h"
#include "bench/workloads/cpu_figures.h"
#include "bench/workloads/io_figures.h"
#include "bench/workloads/rawio/rawio.h"
#include "bench/workloads/rawio/rawio_io.h"
#include "bench/workloads/workload.h"
#include "common/clock.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define TABLE "bootbench_seqscan"
/* A row (id int, pad text of 100 characters) takes 24 bytes of header,
 * 4 + 101 of data, aligned to 136, and a 4-byte line pointer: 58 rows in
 * an 8 kB page.  The load starts from this estimate and checks the size. */
#define ROWS_PER_PAGE  58
/* Every row's pad: 100 hex characters, one constant the planner computes
 * once.  count(*) reads the pages, not the text: what the pad holds moves
 * nothing the scan measures, and a pad made for each row (four md5s)
 * took the load 2.5 times the instructions (README.md). */
#define PAD            "left(repeat('0123456789abcdef', 7), 100)"
#define PAGE_BYTES     8192
#define BATCH_ROWS     500000LL
#define MAX_BATCHES    10000

static int loaded_generation = -1;
static long long loaded_size;
static double loaded_rows;

/* Rows up to size bytes, in batches, checking the size after each. */
static int load(PGconn *conn, long long size, double *rows)
{
	char sql[512];
	double bytes = 0;
	long long next = 1;

	if (sql_exec(conn, "SET client_min_messages = warning") < 0 ||
	    sql_exec(conn, "DROP TABLE IF EXISTS " TABLE) < 0 ||
	    sql_exec(conn, "CREATE TABLE " TABLE " (id int NOT NULL, pad text NOT NULL) "
		     "WITH (fillfactor = 100, autovacuum_enabled = off)") < 0)
		return -1;
	for (int batch = 0; bytes < (double)size; batch++) {
		if (batch == MAX_BATCHES)
			return fail("seqscan: the table has %.0f bytes after %d "
				    "batches, not %lld", bytes, batch, size);
		long long n = (long long)(((double)size - bytes) * ROWS_PER_PAGE /
					  PAGE_BYTES) + 1;
		if (n > BATCH_ROWS)
			n = BATCH_ROWS;
		snprintf(sql, sizeof(sql), "INSERT INTO " TABLE " SELECT g, " PAD
			 " FROM generate_series(%lld, %lld) g", next, next + n - 1);
		if (sql_exec(conn, sql) < 0 ||
		    sql_number(conn, "SELECT pg_relation_size('" TABLE "')", &bytes) < 0)
			return -1;
		next += n;
		note("seqscan load: %lld rows, %.0f of %lld MiB", next - 1,
		     bytes / (1 << 20), size >> 20);
	}
	*rows = (double)(next - 1);
	/* Hint bits and the visibility map set now, not by the scan. */
	return sql_exec(conn, "VACUUM (FREEZE, ANALYZE) " TABLE) < 0 ||
	       sql_exec(conn, "CHECKPOINT") < 0 ? -1 : 0;
}

static int seqscan_prepare(struct workload_env *e, const struct bench_case *c)
{
	long long size = case_param_number(c, "size");

	if (e->generation == loaded_generation && size == loaded_size)
		return 0;
	note("seqscan: loading a table of %lld MiB", size >> 20);
	PGconn *conn = sql_connect(e->pg);
	if (!conn)
		return -1;
	double rows = 0;
	int rc = load(conn, size, &rows);
	PQfinish(conn);
	if (rc < 0)
		return -1;
	loaded_generation = e->generation;
	loaded_size = size;
	loaded_rows = rows;
	return 0;
}

/* The timed scan, on a fresh server, and the CPU time (work) and I/O (io)
 * it took. */
static int scan(struct workload_env *e, bool parallel, double *bytes,
		double *rows, double *seconds, struct cpu_work *work, struct io_work *io)
{
	PGconn *conn = sql_connect(e->pg);

	if (!conn)
		return -1;
	int rc = 0;
	if (!parallel)
		rc = sql_exec(conn, "SET max_parallel_workers_per_gather = 0");
	if (rc == 0)
		rc = sql_exec(conn, "SET jit = off");
	/* Planning reads the catalogs, not the table: done before the clock. */
	if (rc == 0)
		rc = sql_exec(conn, "EXPLAIN SELECT count(*) FROM " TABLE);
	if (rc == 0)
		rc = sql_number(conn, "SELECT pg_relation_size('" TABLE "')", bytes);
	if (rc == 0) {
		struct cpu_reading cpu0, cpu1;
		struct io_reading io0, io1;
		window_open(e);
		cpu_read(e, work->sides, &cpu0);
		io_read(e->io, &io0);
		double start = clock_now();
		rc = sql_number(conn, "SELECT count(*) FROM " TABLE, rows);
		*seconds = clock_now() - start;
		io_read(e->io, &io1);
		cpu_read(e, work->sides, &cpu1);
		window_close(e);
		cpu_work_add(work, &cpu0, &cpu1);
		io_work_add(io, &io0, &io1);
	}
	PQfinish(conn);
	return rc;
}

static int seqscan_measure(struct workload_env *e, const struct bench_case *c,
			   struct measurement_out *m)
{
	long long size = case_param_number(c, "size");
	long long block = case_param_number(c, "raw_block_size");
	bool parallel = case_param_number(c, "parallel") != 0;
	char log_path[PATH_MAX], pg_log[PATH_MAX], what[64];
	struct rawio_times t;
	double bytes = 0, rows = 0, seconds = 0;
	/* the server (its workers too), and this program as its client */
	struct cpu_work work = { .unit = &cpu_unit_mb, .sides = CPU_SERVER | CPU_RUNNER };
	struct io_work io = { .unit = &cpu_unit_mb };

	run_path(e, log_path, sizeof(log_path), "logs/%s.txt", c->id);
	run_path(e, pg_log, sizeof(pg_log), "logs/postgres.log");
	snprintf(what, sizeof(what), "seqscan s=%s", case_param(c, "size"));
	int log = open_log(log_path);
	if (log < 0)
		return -1;

	/* Cold means: the server restarted (empty shared buffers), the
	 * target remounted and the page cache dropped. */
	note("%s: stopping the server for cold caches", what);
	int rc = pg_stop(e->pg, false);
	if (rc == 0)
		rc = rawio_cycle(e, m, what, size, block, true, log, &t);
	if (rc == 0)
		rc = rawio_cold(e, m);
	if (rc == 0)
		rc = pg_start(e->pg, pg_log, "logs/postgres.log");
	if (rc == 0) {
		note("%s: SELECT count(*) FROM " TABLE "%s", what,
		     parallel ? "" : " without parallel workers");
		rc = scan(e, parallel, &bytes, &rows, &seconds, &work, &io);
	}
	if (rc == 0) {
		char line[256];
		int n = snprintf(line, sizeof(line), "scan %s: %.0f bytes, %.0f rows, "
				 "%s: %.6f s, %.1f MB/s\n", TABLE, bytes, rows,
				 parallel ? "parallel allowed" :
				 "max_parallel_workers_per_gather = 0", seconds,
				 rawio_mb_s((long long)bytes, seconds));
		if (write_all(log, line, (size_t)n) < 0)
			rc = fail("could not write \"%s\":", log_path);
	}
	if (fsync(log) < 0 && rc == 0)
		rc = fail("could not fsync \"%s\":", log_path);
	close(log);
	if (rc < 0)
		return -1;

	if (rows != loaded_rows)
		return fail("%s: count(*) found %.0f rows, %.0f were loaded", c->id,
			    rows, loaded_rows);
	if (seconds <= 0 || t.write_s <= 0 || t.read_s <= 0)
		return fail("%s: a transfer took no measurable time", c->id);
	double scan_mb_s = rawio_mb_s((long long)bytes, seconds);
	double raw_read = rawio_mb_s(size, t.read_s);
	metric_set(m, "scan_mb_s", scan_mb_s);
	metric_set(m, "raw_read_mb_s", raw_read);
	metric_set(m, "raw_write_mb_s", rawio_mb_s(size, t.write_s));
	metric_set(m, "scan_raw_ratio", scan_mb_s / raw_read);
	metric_set(m, "scan_ms", seconds * 1e3);
	metric_set(m, "table_mb", bytes / 1e6);
	metric_set(m, "rows", rows);
	m->primary = "scan_mb_s";
	m->unit = "MB/s";
	m->higher_is_better = true;
	m->dataset_bytes = size;
	m->measured_s = seconds;
	work.units = io.units = bytes / 1e6;
	cpu_figures_set(e, m, &work);
	io_figures_set(e, m, &io);
	note("%s: scan %.1f MB/s, raw read %.1f MB/s (ratio %.2f), raw write "
	     "%.1f MB/s", what, scan_mb_s, raw_read, scan_mb_s / raw_read,
	     metric_get(m, "raw_write_mb_s"));
	return 0;
}

const struct workload workload_seqscan = {
	.spec = &seqscan_spec,
	.prepare = seqscan_prepare,
	.measure = seqscan_measure,
	.marks_window = true,
};
