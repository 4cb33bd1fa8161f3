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
	double seconds;            /* pgbench -i; 0 from the loaded template */
	long long database_bytes;  /* pg_database_size() after it */
	bool template;             /* the environment's cluster came loaded */
};

/* The case's load (pgbench_load.c, as the rest to pgbench_init_command()). */
void pgbench_init_of(const struct bench_case *c, struct pgbench_init *in);

/* Whether two loads make the same tables. */
bool pgbench_init_same(const struct pgbench_init *a, const struct pgbench_init *b);

/* The text of pgbench -i's arguments, and how many words its argv holds
 * at most, NULL included. */
struct pgbench_init_words {
	char scale[24], parts[40], method[40], fill[32];
};
#define PGBENCH_INIT_ARGV 16

/* pgbench -i's argv for in, program first (argv[PGBENCH_INIT_ARGV]), its
 * words in w. */
void pgbench_init_argv(const struct pgbench_init *in, const char *program,
		       struct pgbench_init_words *w, const char **argv);

/* pgbench -i's command line for in, its program named "pgbench" (the
 * loaded template's load: cluster.h). */
void pgbench_init_command(const struct pgbench_init *in, char *buf, size_t len);

/* The spec's load(): pgbench_init_command() of c's load; always true. */
bool pgbench_load_command(const struct bench_case *c, char *cmd, size_t len);

/* pgbench -i as in says, its output in logs/<log_name>; what it took in
 * *load.  0 or fail(). */
int pgbench_initialize(const struct workload_env *e, const struct pgbench_init *in,
		       const char *log_name, struct pgbench_load *load);

/* The tables' heap read into shared buffers, where pgbench -i leaves it
 * (its COPY and VACUUM write and read it through them; its index builds
 * write theirs past them), for a cluster that came loaded: one sequential
 * scan of each.  0 or fail(). */
int pgbench_warm(const struct workload_env *e);

/* pg_database_size(current_database()).  0 or fail(). */
int pgbench_database_bytes(const struct workload_env *e, long long *bytes);

#endif
