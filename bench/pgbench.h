/*
 * pgbench.h: the pgbench workload -- create its tables, run one case.
 *
 * pgbench runs as the postgres user against the server of pg.h; its
 * output is kept in a log, its -P progress lines become console lines
 * and its final report becomes the measurement.
 */
#ifndef BOOTBENCH_PGBENCH_H
#define BOOTBENCH_PGBENCH_H

#include "pg.h"
#include "pgbench_output.h"
#include "suite.h"

/* pgbench -i at the given scale.  0 or fail(). */
int pgbench_initialize(const struct pg_server *pg, int scale,
		       const char *log_path, const char *log_name);

/* Run case c; its figures go to r.  0 or fail(). */
int pgbench_run(const struct pg_server *pg, const struct bench_case *c,
		const char *log_path, const char *log_name,
		struct pgbench_report *r);

#endif
