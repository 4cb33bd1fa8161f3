/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pgbench_keys.h: what the [pgbench] keys' values mean, shared by the
 * spec (pgbench_spec.c: the checks) and the workload (pgbench.c) -- and
 * oltp's log key.
 */
#ifndef BOOTBENCH_PGBENCH_KEYS_H
#define BOOTBENCH_PGBENCH_KEYS_H

#include <stdbool.h>
#include <stddef.h>

/* pgbench -i's steps (-I): drop, tables, client-side or server-side
 * generation, vacuum, primary keys, foreign keys. */
#define PGBENCH_INIT_STEPS "dtgGvpf"
/* init_steps = auto: the server makes the rows (G) from this scale on
 * (README.md says why). */
#define PGBENCH_SERVER_SCALE 20
#define PGBENCH_SERVER_SCALE_TEXT "20"
/* log = auto: pgbench logs every transaction up to this many a second,
 * a random sample of this many a second above. */
#define PGBENCH_LOG_RATE_MAX 10000.0

/* A value of random_seed: time, rand or an unsigned number, as pgbench's
 * --random-seed takes it. */
bool pgbench_random_seed_ok(const char *text);

/* random_seed's check, for the specs of pgbench and oltp: 0, or -1 with
 * *bad and err set. */
struct suite;
struct suite_param;
int pgbench_check_random_seed(const struct suite *s, const char *section,
			      const struct suite_param **bad, char *err, size_t len);

/* The steps init_steps stands for at scale (auto resolved). */
const char *pgbench_init_steps(const char *value, long long scale);

/* A rate or latency limit: "none" (0) or a number above 0 up to max;
 * false if it is neither. */
bool pgbench_parse_positive(const char *text, double max, double *value);

#endif
