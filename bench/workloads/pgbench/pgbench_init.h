/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pgbench_init.h: pgbench's tables (pgbench -i) as the [pgbench] keys
 * ask for them, and what the load took and made.
 */
#ifndef BOOTBENCH_PGBENCH_INIT_H
#define BOOTBENCH_PGBENCH_INIT_H

#include <stdbool.h>

#include "bench/workloads/workload.h"

struct pgbench_init {
	long long scale;
	char steps[16];            /* -I, auto resolved (pgbench_keys.h) */
	long long partitions;      /* 0: none */
	char partition_method[8];  /* with partitions */
	long long fillfactor;
	bool unlogged;
};

/* What the load took and made. */
struct pgbench_load {
	double seconds;            /* pgbench -i */
	long long database_bytes;  /* pg_database_size() after it */
};

/* The case's load. */
void pgbench_init_of(const struct bench_case *c, struct pgbench_init *in);

/* Whether two loads make the same tables. */
bool pgbench_init_same(const struct pgbench_init *a, const struct pgbench_init *b);

/* pgbench -i as in says, its output in logs/<log_name>; what it took in
 * *load.  0 or fail(). */
int pgbench_initialize(const struct workload_env *e, const struct pgbench_init *in,
		       const char *log_name, struct pgbench_load *load);

/* pg_database_size(current_database()).  0 or fail(). */
int pgbench_database_bytes(const struct workload_env *e, long long *bytes);

#endif
