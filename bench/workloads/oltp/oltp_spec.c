/* SPDX-License-Identifier: GPL-2.0-only */
/* oltp_spec.c: the [oltp] section's keys, case names and cost model. */
#include "bench/suite/matrix.h"
#include "bench/suite/workload_spec.h"
#include "bench/workloads/pgbench/pgbench_keys.h"

#include <stdio.h>

static const char *const modes[] = { "read-only", "read-write", NULL };
static const char *const protocols[] = { "simple", "extended", "prepared", NULL };
static const char *const logs[] = { "auto", "transactions", "seconds", NULL };

static const struct suite_key oltp_keys[] = {
	{ "mode", SK_CHOICE, "read-only", true, 0, 0, modes,
	  "sysbench's oltp_read_only or oltp_read_write transaction" },
	{ "table_size", SK_INT, "10000", true, 1, 1000000000, NULL,
	  "rows of the table sbtest1" },
	{ "clients", SK_INT, "1", true, 1, 1000, NULL,
	  "concurrent sessions (sysbench's threads), one pgbench thread each" },
	{ "duration_s", SK_INT, "10", false, 1, 86400, NULL,
	  "seconds measured; pgbench runs -T warmup_s + duration_s" },
	{ "warmup_s", SK_INT, "0", false, 0, 86400, NULL,
	  "seconds run before the measured ones, left out of every figure" },
	{ "protocol", SK_CHOICE, "prepared", true, 0, 0, protocols,
	  "query protocol (pgbench -M)" },
	{ "log", SK_CHOICE, "auto", false, 0, 0, logs,
	  "what pgbench logs: auto (every transaction up to 10000 a second, a random sample above), transactions (every one, -l) or seconds (--aggregate-interval 1: no percentiles)" },
	{ "random_seed", SK_STRING, "time", false, 0, 0, NULL,
	  "pgbench --random-seed: time (pgbench's default: another seed each run), rand, or a number: the same random stream (accounts, branches, queries) in every boot" },
	{ NULL },
};

static int oltp_check(const struct suite *s, const struct suite_param **bad, char *err,
		      size_t len)
{
	return pgbench_check_random_seed(s, "oltp", bad, err, len);
}

static bool is_list(const struct bench_case *c, const char *key)
{
	const struct suite_param *p = suite_param(c->s, c->workload, key);
	return p && p->n > 1;
}

/* The values are whole numbers and choices: no character to drop. */
static void oltp_case_id(const struct bench_case *c, char *buf, size_t len)
{
	int n = snprintf(buf, len, "oltp-%s-t%s-c%s", case_param(c, "mode"),
			 case_param(c, "table_size"), case_param(c, "clients"));
	if (n > 0 && (size_t)n < len && is_list(c, "protocol"))
		snprintf(buf + n, len - (size_t)n, "-%s", case_param(c, "protocol"));
}

/* How long its cases take (bench/run/estimate.h), under QEMU TCG: 2000
 * rows loaded in 1.0, 1.0, 1.3 s; 1 000 000 rows had not in 60 s
 * (statement_timeout): at least 0.06 s per 1000 rows.  0.6 to 0.8 s a
 * case beyond duration_s. */
static const struct workload_cost_model oltp_cost = {
	.load_key = "table_size", .load_unit = 1000,
	.timed_keys = { "duration_s", "warmup_s" },
	.costs = { .case_s = 0.7, .load_once_s = 0.9, .load_s = 0.06 },
};

const struct workload_spec oltp_spec = {
	.name = "oltp",
	.keys = oltp_keys,
	.case_id = oltp_case_id,
	.warn_fits_in_ram = true,
	.warn_short_run = true,
	.cost = &oltp_cost,
	.check = oltp_check,
};
