/* SPDX-License-Identifier: GPL-2.0-only */
/* estimate.c: how long a suite takes (estimate.h). */
#include "estimate.h"
#include "matrix.h"
#include "workload_spec.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/*
 * What a workload's keys say about its time: the key whose value
 * prepare() loads (in units of load_unit), the keys whose seconds it
 * measures or warms up for, the key that counts its work (in units of
 * work_unit).  The costs are the defaults of estimate_default_costs().
 *
 * The defaults were measured under QEMU TCG on the 2-vCPU development
 * VM, kernel 6.12, from the phases of bench.json (prepare:<id>, <id> and
 * the environment's) and results.jsonl's "seconds" of each case: three
 * runs of the quick suite and one of pgbench-fsync (16 cases at scale 10).
 * Hardware is faster at everything but the timed seconds; the run
 * replaces them as it goes.
 */
struct workload_model {
	const char *name;
	const char *load_key;
	double load_unit;
	const char *timed_keys[2];
	const char *work_key;
	double work_unit;
	struct workload_costs costs;
};

#define MIB (1024.0 * 1024.0)

static const struct workload_model models[] = {
	/* pgbench -i -s 1: 5.2, 6.1, 6.0 s; -s 10: 25.5, 24.6 s.  A case
	 * beyond its prepare and duration_s + warmup_s: 0.8 to 2.4 s, 1.3
	 * to 11.7 s at 1 to 128 clients (their connections). */
	{ "pgbench", "scale", 1, { "duration_s", "warmup_s" }, NULL, 1,
	  { .case_s = 1.5, .load_once_s = 3.7, .load_s = 2.1 } },
	/* 2000 rows loaded in 1.0, 1.0, 1.3 s; 1 000 000 rows had not in
	 * 60 s (statement_timeout): at least 0.06 s per 1000 rows.  0.6 to
	 * 0.8 s a case beyond duration_s. */
	{ "oltp", "table_size", 1000, { "duration_s", "warmup_s" }, NULL, 1,
	  { .case_s = 0.7, .load_once_s = 0.9, .load_s = 0.06 } },
	/* 2000 rows in batches of 100: 1.9, 2.5 s measured, 2.4 to 2.9 s
	 * the case (its prepare makes the table). */
	{ "insert", NULL, 1, { NULL, NULL }, "rows", 1000,
	  { .case_s = 0.5, .work_s = 1.1 } },
	/* 16 MiB loaded in 8.5, 9.0, 8.6 s; scanned (a restart, a remount,
	 * the raw read and write of the same size) in 12.7 - 8.5 s. */
	{ "seqscan", "size", MIB, { NULL, NULL }, "size", MIB,
	  { .case_s = 1.0, .load_s = 0.55, .work_s = 0.2 } },
	/* 16 MiB written and read: 3.1, 2.7, 3.0 s; the case 3.0 to 3.5 s. */
	{ "rawio", NULL, 1, { NULL, NULL }, "size", MIB,
	  { .case_s = 0.8, .work_s = 0.15 } },
	/* pg_test_fsync -s 1: 17.6, 17.2, 18.1 s, its tests one after the
	 * other, each for seconds_per_test. */
	{ "fsync", NULL, 1, { NULL, NULL }, "seconds_per_test", 1,
	  { .case_s = 0.5, .work_s = 17.5 } },
	/* 200 sleeps and pg_test_timing -d 1: 1.4 s; the case 1.6 s. */
	{ "timer", NULL, 1, { "duration_s", NULL }, "samples", 1000,
	  { .case_s = 0.3, .work_s = 1.5 } },
};

#define N_MODELS (sizeof(models) / sizeof(models[0]))

static const struct workload_model *model_of(const char *name)
{
	for (size_t i = 0; i < N_MODELS; i++)
		if (strcmp(models[i].name, name) == 0)
			return &models[i];
	return NULL;
}

static int spec_index(const char *name)
{
	for (int i = 0; i < ESTIMATE_WORKLOADS && workload_specs[i]; i++)
		if (strcmp(workload_specs[i]->name, name) == 0)
			return i;
	return -1;
}

void estimate_default_costs(struct estimate_costs *k)
{
	memset(k, 0, sizeof(*k));
	/* check-settings 0.07 to 0.3 s; the last stop 0.3 to 0.7 s and
	 * unmount 0.1 to 0.5 s. */
	k->run_s = 1.0;
	/* queue 0, mkfs 0.1 to 0.3, mount 0.02, initdb 14.0, 17.5, 14.5
	 * (quick) and 10.8, 11.5 s (pgbench-fsync), configure 0.02, start
	 * 1.2 to 1.9 s; leaving one 0.4 to 1.6 s. */
	k->environment_s = 15.0;
	for (int i = 0; i < ESTIMATE_WORKLOADS && workload_specs[i]; i++) {
		const struct workload_model *m = model_of(workload_specs[i]->name);
		if (m)
			k->w[i] = m->costs;
	}
}

/* What is in place as the cases go by: the environment, and what each
 * workload's prepare() loaded last in it. */
struct walk {
	int env;
	int loaded_env[ESTIMATE_WORKLOADS];
	const char *loaded[ESTIMATE_WORKLOADS];
};

static void walk_begin(struct walk *w)
{
	w->env = -1;
	for (int i = 0; i < ESTIMATE_WORKLOADS; i++) {
		w->loaded_env[i] = -1;
		w->loaded[i] = NULL;
	}
}

/* A key's value as a number, 0 if the workload has no such key. */
static double value_of(const struct bench_case *c, const char *key)
{
	return key && case_param(c, key) ? (double)case_param_number(c, key) : 0;
}

/* The next case: what it costs, and what is in place after it. */
static void walk_step(struct walk *w, const struct bench_case *c, struct estimate_case *e)
{
	const struct workload_model *m = model_of(c->workload);

	memset(e, 0, sizeof(*e));
	e->workload = spec_index(c->workload);
	e->new_environment = c->env != w->env;
	w->env = c->env;
	if (!m)
		return;
	for (size_t i = 0; i < 2; i++)
		e->timed_s += value_of(c, m->timed_keys[i]);
	e->work_units = value_of(c, m->work_key) / m->work_unit;
	if (!m->load_key || e->workload < 0)
		return;
	const char *value = case_param(c, m->load_key);
	int i = e->workload;
	if (!value)
		return;
	if (w->loaded_env[i] != c->env || !w->loaded[i] || strcmp(w->loaded[i], value) != 0)
		e->load_units = value_of(c, m->load_key) / m->load_unit;
	w->loaded_env[i] = c->env;
	w->loaded[i] = value;
}

void estimate_case(const struct suite *s, size_t index, struct estimate_case *e)
{
	struct walk w;
	struct bench_case c;

	walk_begin(&w);
	for (size_t i = 0; i <= index && i < suite_case_count(s); i++) {
		suite_case(s, i, &c);
		walk_step(&w, &c, e);
	}
}

double estimate_case_seconds(const struct estimate_case *e,
			     const struct estimate_costs *k)
{
	double s = e->timed_s + (e->new_environment ? k->environment_s : 0);

	if (e->workload >= 0) {
		const struct workload_costs *w = &k->w[e->workload];
		s += w->case_s + e->work_units * w->work_s;
		if (e->load_units > 0)
			s += w->load_once_s + e->load_units * w->load_s;
	}
	return s;
}

double estimate_seconds(const struct suite *s, size_t from,
			const struct estimate_costs *k)
{
	struct walk w;
	struct estimate_case e;
	struct bench_case c;
	double total = from == 0 ? k->run_s : 0;

	walk_begin(&w);
	for (size_t i = 0; i < suite_case_count(s); i++) {
		suite_case(s, i, &c);
		walk_step(&w, &c, &e);
		if (i >= from)
			total += estimate_case_seconds(&e, k);
	}
	return total;
}

void estimate_learn(struct estimate_costs *k, const struct estimate_case *e,
		    double load_s, double case_s)
{
	if (e->workload < 0)
		return;
	struct workload_costs *w = &k->w[e->workload];
	if (e->load_units > 0)
		w->load_s = fmax(load_s - w->load_once_s, 0) / e->load_units;
	double rest = case_s - (e->load_units > 0 ? load_s : 0) - e->timed_s;
	if (e->work_units > 0)
		w->work_s = fmax(rest - w->case_s, 0) / e->work_units;
	else
		w->case_s = fmax(rest, 0);
}

const char *estimate_format(double seconds, char *buf, size_t len)
{
	long long s = llround(fmax(seconds, 0));

	if (s < 60)
		snprintf(buf, len, "%lld s", s);
	else if (s < 3600)
		snprintf(buf, len, "%lld min %lld s", s / 60, s % 60);
	else
		snprintf(buf, len, "%lld h %lld min", (s + 30) / 3600, (s + 30) / 60 % 60);
	return buf;
}
