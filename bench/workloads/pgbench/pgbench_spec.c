/* SPDX-License-Identifier: GPL-2.0-only */
/* pgbench_spec.c: the [pgbench] section's keys, checks, case names, cost model. */
#include "bench/suite/matrix.h"
#include "bench/suite/workload_spec.h"
#include "bench/workloads/pgbench/pgbench_init.h"
#include "bench/workloads/pgbench/pgbench_keys.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const scripts[] = {
	"tpcb-like", "simple-update", "select-only", "custom", NULL,
};
static const char *const protocols[] = { "simple", "extended", "prepared", NULL };
static const char *const logs[] = { "auto", "transactions", "seconds", NULL };
static const char *const partition_methods[] = { "range", "hash", NULL };

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
	{ "overrun_s", SK_INT, "120", false, 1, 86400, NULL,
	  "seconds pgbench may run past warmup_s + duration_s before the case fails as timed out" },
	{ "protocol", SK_CHOICE, "simple", true, 0, 0, protocols,
	  "query protocol (-M)" },
	{ "warmup_s", SK_INT, "0", false, 0, 86400, NULL,
	  "seconds run before the measured ones, left out of every figure" },
	{ "log", SK_CHOICE, "auto", false, 0, 0, logs,
	  "what pgbench logs: auto (every transaction up to 10000 a second, a random sample above), transactions (every one, -l) or seconds (--aggregate-interval 1: no percentiles)" },
	{ "rate", SK_STRING, "none", true, 0, 0, NULL,
	  "a fixed rate, transactions per second (-R: open loop, latency includes the schedule lag); none: as fast as it goes" },
	{ "latency_limit", SK_STRING, "none", false, 0, 0, NULL,
	  "milliseconds (-L): transactions above it count as late; with rate, those that cannot start in time are skipped; none: no limit" },
	{ "init_steps", SK_STRING, "auto", true, 0, 0, NULL,
	  "pgbench -i's steps (-I, letters of dtgGvpf); auto: dtgvp below scale " PGBENCH_SERVER_SCALE_TEXT ", dtGvp (rows made by the server) from it" },
	{ "partitions", SK_INT, "0", true, 0, 100000, NULL,
	  "partitions of pgbench_accounts (pgbench -i --partitions); 0: none" },
	{ "partition_method", SK_CHOICE, "range", false, 0, 0, partition_methods,
	  "how pgbench_accounts is partitioned (--partition-method), with partitions above 0" },
	{ "fillfactor", SK_INT, "100", false, 10, 100, NULL,
	  "fill factor of pgbench's tables (pgbench -i --fillfactor)" },
	{ "unlogged", SK_BOOL, "0", false, 0, 0, NULL,
	  "make pgbench's tables unlogged (pgbench -i --unlogged-tables)" },
	{ "random_seed", SK_STRING, "time", false, 0, 0, NULL,
	  "pgbench --random-seed: time (pgbench's default: another seed each run), rand, or a number: the same random stream (accounts, branches, queries) in every boot" },
	{ NULL },
};

/* The largest rate (tps) and latency limit (ms) taken. */
#define RATE_MAX  1e7
#define LIMIT_MAX 1e6

const char *pgbench_init_steps(const char *value, long long scale)
{
	if (strcmp(value, "auto") != 0)
		return value;
	return scale >= PGBENCH_SERVER_SCALE ? "dtGvp" : "dtgvp";
}

bool pgbench_parse_positive(const char *text, double max, double *value)
{
	char *end;

	if (strcmp(text, "none") == 0) {
		*value = 0;
		return true;
	}
	*value = strtod(text, &end);
	return end != text && *end == '\0' && isfinite(*value) && *value > 0 &&
		*value <= max;
}

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

/* The largest value of an integer list. */
static long long largest(const struct suite_param *p)
{
	long long max = 0;
	for (size_t i = 0; i < p->n; i++) {
		long long v = strtoll(p->values[i], NULL, 10);
		if (i == 0 || v > max)
			max = v;
	}
	return max;
}

bool pgbench_random_seed_ok(const char *text)
{
	return strcmp(text, "time") == 0 || strcmp(text, "rand") == 0 ||
	       (text[0] && strspn(text, "0123456789") == strlen(text) && strlen(text) <= 19);
}

int pgbench_check_random_seed(const struct suite *s, const char *section,
			      const struct suite_param **bad, char *err, size_t len)
{
	const struct suite_param *seed = suite_param(s, section, "random_seed");

	for (size_t i = 0; seed && i < seed->n; i++) {
		if (!pgbench_random_seed_ok(seed->values[i])) {
			*bad = seed;
			snprintf(err, len, "random_seed: \"%s\" is neither time, rand nor a "
				 "number", seed->values[i]);
			return -1;
		}
	}
	return 0;
}

/* rate and latency_limit: "none" or a number above 0. */
static int check_rate(const struct suite *s, const struct suite_param **bad,
		      char *err, size_t len)
{
	const struct suite_param *rate = param(s, "rate"), *limit = param(s, "latency_limit"),
		*log = param(s, "log");
	double v;

	for (size_t i = 0; rate && i < rate->n; i++) {
		if (!pgbench_parse_positive(rate->values[i], RATE_MAX, &v)) {
			*bad = rate;
			snprintf(err, len, "rate: \"%s\" is not a rate: transactions per second "
				 "above 0 and up to %.0f, or none", rate->values[i], RATE_MAX);
			return -1;
		}
	}
	if (limit && !pgbench_parse_positive(limit->values[0], LIMIT_MAX, &v)) {
		*bad = limit;
		snprintf(err, len, "latency_limit: \"%s\" is not a limit: milliseconds "
			 "above 0 and up to %.0f, or none", limit->values[0], LIMIT_MAX);
		return -1;
	}
	if (limit && v > 0 && log && strcmp(log->values[0], "seconds") == 0) {
		*bad = limit;
		snprintf(err, len, "latency_limit: needs a log of transactions to count "
			 "the late ones, not log = seconds");
		return -1;
	}
	return 0;
}

/* init_steps: auto or pgbench's letters; partition_method with partitions. */
static int check_load(const struct suite *s, const struct suite_param **bad,
		      char *err, size_t len)
{
	const struct suite_param *steps = param(s, "init_steps"),
		*parts = param(s, "partitions"), *method = param(s, "partition_method");
	for (size_t i = 0; steps && i < steps->n; i++) {
		const char *v = steps->values[i];
		size_t ok = strspn(v, PGBENCH_INIT_STEPS);
		if (strcmp(v, "auto") != 0 && (v[0] == '\0' || v[ok] != '\0')) {
			*bad = steps;
			snprintf(err, len, "init_steps: \"%s\" %s: auto, or steps of pgbench -i "
				 "from d t g G v p f", v, v[0] ? "has a letter pgbench does not know" :
				 "is empty");
			return -1;
		}
	}
	if (method && method->line > 0 && parts && largest(parts) == 0) {
		*bad = method;
		snprintf(err, len, "partition_method: needs partitions above 0");
		return -1;
	}
	return 0;
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
	if (check_load(s, bad, err, len) < 0 || check_rate(s, bad, err, len) < 0)
		return -1;
	return pgbench_check_random_seed(s, "pgbench", bad, err, len);
}

/* A key that is a list in this suite (a dimension): shown in the name. */
static bool is_list(const struct bench_case *c, const char *key)
{
	const struct suite_param *p = suite_param(c->s, c->workload, key);
	return p && p->n > 1;
}

/* The values are whole numbers, choices and rates: "-R" and a rate is
 * there whenever the case has one. */
static void pgbench_case_id(const struct bench_case *c, char *buf, size_t len)
{
	int n = snprintf(buf, len, "pgbench-%s-s%s-c%s", case_param(c, "script"),
			 case_param(c, "scale"), case_param(c, "clients"));
	if (n > 0 && (size_t)n < len && is_list(c, "duration_s"))
		n += snprintf(buf + n, len - (size_t)n, "-d%s",
			      case_param(c, "duration_s"));
	if (n > 0 && (size_t)n < len && is_list(c, "protocol"))
		snprintf(buf + n, len - (size_t)n, "-%s", case_param(c, "protocol"));
	if (is_list(c, "init_steps"))
		workload_id_append(buf, len, "I", case_param(c, "init_steps"));
	if (is_list(c, "partitions"))
		workload_id_append(buf, len, "p", case_param(c, "partitions"));
	if (strcmp(case_param(c, "rate"), "none") != 0)
		workload_id_append(buf, len, "R", case_param(c, "rate"));
}

/* How long its cases take (bench/run/estimate.h), under QEMU TCG:
 * pgbench -i -s 1: 5.2, 6.1, 6.0 s; -s 10: 25.5, 24.6 s.  A case beyond
 * its prepare and duration_s + warmup_s: 0.8 to 2.4 s, 1.3 to 11.7 s at
 * 1 to 128 clients (their connections). */
/* A scale made by the server (G) against one made by pgbench (g), in
 * host mode at scale 20 on a shared 2-CPU host, two rounds each: dtgvp
 * 5.2 and 12.4 s, dtGvp 13.2 and 8.7 s (its generation quicker, its
 * vacuum slower: rows made by INSERT are not frozen as COPY FREEZE's
 * are), 21.9 s against 17.6 s. */
#define SERVER_WEIGHT 1.25

/* A scale's load with the case's steps against one made by the client
 * (g): the server's generation (G) weighs SERVER_WEIGHT, steps that make
 * no rows almost nothing. */
static double pgbench_load_weight(const struct bench_case *c)
{
	const char *steps = pgbench_init_steps(case_param(c, "init_steps"),
					       case_param_number(c, "scale"));
	return strchr(steps, 'G') ? SERVER_WEIGHT : strchr(steps, 'g') ? 1.0 : 0.05;
}

static const struct workload_cost_model pgbench_cost = {
	.load_key = "scale", .load_unit = 1,
	.load_weight = pgbench_load_weight,
	.reload_keys = { "init_steps", "partitions", "fillfactor", "unlogged" },
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
	.load = pgbench_load_command,
};
