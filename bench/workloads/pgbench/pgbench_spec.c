/* SPDX-License-Identifier: GPL-2.0-only */
/* pgbench_spec.c: the [pgbench] section's keys, checks, case names, cost model. */
#include "bench/suite/matrix.h"
#include "bench/suite/workload_spec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const scripts[] = {
	"tpcb-like", "simple-update", "select-only", "custom", NULL,
};
static const char *const protocols[] = { "simple", "extended", "prepared", NULL };
static const char *const logs[] = { "transactions", "seconds", NULL };

static const struct suite_key pgbench_keys[] = {
	{ "script", SK_CHOICE, "tpcb-like", true, 0, 0, scripts,
	  "pgbench's built-in script (-b), or custom: the file custom_script (-f)" },
	{ "custom_script", SK_STRING, "", false, 0, 0, NULL,
	  "the script of script = custom: a file name relative to the suite file's directory" },
	{ "scale", SK_INT, "1", true, 1, 100000, NULL,
	  "pgbench -i scale factor (100000 rows of pgbench_accounts each); -s of a custom script" },
	{ "clients", SK_INT, "1", true, 1, 1000, NULL,
	  "concurrent database sessions (-c)" },
	{ "threads", SK_STRING, "clients", false, 0, 0, NULL,
	  "worker threads (-j): \"clients\" for one per client, or a number" },
	{ "duration_s", SK_INT, "10", true, 1, 86400, NULL,
	  "seconds measured; pgbench runs -T warmup_s + duration_s" },
	{ "transactions", SK_INT, "0", false, 0, 1000000000, NULL,
	  "transactions per client (-t) instead of a duration; 0: use duration_s" },
	{ "protocol", SK_CHOICE, "simple", true, 0, 0, protocols,
	  "query protocol (-M)" },
	{ "warmup_s", SK_INT, "0", false, 0, 86400, NULL,
	  "seconds run before the measured ones, left out of every figure" },
	{ "log", SK_CHOICE, "transactions", false, 0, 0, logs,
	  "what pgbench logs: transactions (-l: exact latency percentiles; about 1 us of client CPU a transaction) or seconds (--aggregate-interval 1: no percentiles, costs nothing measurable)" },
	{ NULL },
};

static const struct suite_param *param(const struct suite *s, const char *key)
{
	return suite_param(s, "pgbench", key);
}

/* The smallest value of an integer list. */
static long long smallest(const struct suite_param *p)
{
	long long min = 0;
	for (size_t i = 0; i < p->n; i++) {
		long long v = strtoll(p->values[i], NULL, 10);
		if (i == 0 || v < min)
			min = v;
	}
	return min;
}

static int pgbench_check(const struct suite *s, const struct suite_param **bad,
			 char *err, size_t len)
{
	const struct suite_param *script = param(s, "script"),
		*custom = param(s, "custom_script"), *threads = param(s, "threads"),
		*clients = param(s, "clients"), *txns = param(s, "transactions"),
		*warmup = param(s, "warmup_s"), *log = param(s, "log");
	bool uses_custom = false;

	for (size_t i = 0; script && i < script->n; i++)
		uses_custom |= strcmp(script->values[i], "custom") == 0;
	if (uses_custom && custom && custom->values[0][0] == '\0') {
		*bad = script;
		snprintf(err, len, "script: custom needs custom_script");
		return -1;
	}
	if (!uses_custom && custom && custom->values[0][0] != '\0') {
		*bad = custom;
		snprintf(err, len, "custom_script: used only with script = custom");
		return -1;
	}
	if (threads && strcmp(threads->values[0], "clients") != 0) {
		const char *t = threads->values[0];
		char *end;
		long long n = strtoll(t, &end, 10);
		*bad = threads;
		if (end == t || *end != '\0' || n < 1 || n > 1000) {
			snprintf(err, len, "threads: \"%s\" is neither \"clients\" "
				 "nor a number from 1 to 1000", t);
			return -1;
		}
		if (clients && n > smallest(clients)) {
			snprintf(err, len, "threads: %lld is more than clients (%lld)",
				 n, smallest(clients));
			return -1;
		}
	}
	if (txns && warmup && strtoll(txns->values[0], NULL, 10) > 0 &&
	    strtoll(warmup->values[0], NULL, 10) > 0) {
		*bad = warmup;
		snprintf(err, len, "warmup_s: no warm-up with transactions (-t)");
		return -1;
	}
	if (txns && log && strtoll(txns->values[0], NULL, 10) > 0 &&
	    strcmp(log->values[0], "seconds") == 0) {
		*bad = log;
		snprintf(err, len, "log: seconds needs duration_s, not transactions (-t)");
		return -1;
	}
	return 0;
}

/* A key that is a list in this suite (a dimension): shown in the name. */
static bool is_list(const struct bench_case *c, const char *key)
{
	const struct suite_param *p = suite_param(c->s, c->workload, key);
	return p && p->n > 1;
}

/* The values are whole numbers and choices: no character to drop. */
static void pgbench_case_id(const struct bench_case *c, char *buf, size_t len)
{
	int n = snprintf(buf, len, "pgbench-%s-s%s-c%s", case_param(c, "script"),
			 case_param(c, "scale"), case_param(c, "clients"));
	if (n > 0 && (size_t)n < len && is_list(c, "duration_s"))
		n += snprintf(buf + n, len - (size_t)n, "-d%s",
			      case_param(c, "duration_s"));
	if (n > 0 && (size_t)n < len && is_list(c, "protocol"))
		snprintf(buf + n, len - (size_t)n, "-%s", case_param(c, "protocol"));
}

/* How long its cases take (bench/run/estimate.h), under QEMU TCG:
 * pgbench -i -s 1: 5.2, 6.1, 6.0 s; -s 10: 25.5, 24.6 s.  A case beyond
 * its prepare and duration_s + warmup_s: 0.8 to 2.4 s, 1.3 to 11.7 s at
 * 1 to 128 clients (their connections). */
static const struct workload_cost_model pgbench_cost = {
	.load_key = "scale", .load_unit = 1,
	.timed_keys = { "duration_s", "warmup_s" },
	.costs = { .case_s = 1.5, .load_once_s = 3.7, .load_s = 2.1 },
};

const struct workload_spec pgbench_spec = {
	.name = "pgbench",
	.keys = pgbench_keys,
	.check = pgbench_check,
	.case_id = pgbench_case_id,
	.warn_fits_in_ram = true,
	.warn_short_run = true,
	.cost = &pgbench_cost,
};
