/* SPDX-License-Identifier: GPL-2.0-only */
/* estimate.c: how long a suite takes (estimate.h). */
#include "bench/run/estimate.h"
#include "bench/suite/matrix.h"
#include "bench/suite/workload_spec.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/*
 * Each workload's cost model is in its spec (bench/workloads/<name>/
 * <name>_spec.c), with where its figures come from.  Like the run's
 * below, they were measured under QEMU TCG on the 2-vCPU development VM,
 * kernel 6.12, from the phases of bench.json (prepare:<id>, <id> and
 * the environment's) and results.jsonl's "seconds" of each case: three
 * runs of the quick suite and one of pgbench-fsync (16 cases at scale 10).
 * Hardware is faster at everything but the timed seconds; the run
 * replaces them as it goes.
 */

/* The model of workload_specs[i]; NULL if it has none (a test fails it). */
static const struct workload_cost_model *model(int i)
{
	return i >= 0 ? workload_specs[i]->cost : NULL;
}

static int spec_index(const char *name)
{
	for (int i = 0; i < WORKLOAD_COUNT && workload_specs[i]; i++)
		if (strcmp(workload_specs[i]->name, name) == 0)
			return i;
	return -1;
}

void estimate_cluster(struct estimate_costs *k, const struct suite *s)
{
	const struct suite_param *p = suite_param(s, "suite", "cluster");

	if (p && strcmp(p->values[0], "initdb") == 0)
		k->environment_s += k->initdb_s;
}

void estimate_default_costs(struct estimate_costs *k)
{
	memset(k, 0, sizeof(*k));
	/* check-settings 0.07 to 0.3 s, check-cluster 0.5 s; the last stop
	 * 0.3 to 0.7 s and unmount 0.1 to 0.5 s. */
	k->run_s = 1.5;
	/* queue 0, mkfs 0.1 to 0.3, mount 0.02, the cluster template's copy
	 * 0.9 s, configure 0.02, start 0.7 to 1.9 s; leaving one 0.4 to
	 * 1.6 s.  initdb instead of the copy: 14.0, 17.5, 14.5 (quick),
	 * 10.8, 11.5 (pgbench-fsync) and 11.7 s, 11 s more than the copy. */
	k->environment_s = 3.5;
	k->initdb_s = 11.0;
	for (int i = 0; i < WORKLOAD_COUNT && workload_specs[i]; i++)
		if (model(i))
			k->w[i] = model(i)->costs;
}

/* What is in place as the cases go by: the environment, and what each
 * workload's prepare() loaded last in it. */
struct walk {
	int env;
	int loaded_env[WORKLOAD_COUNT];
	char loaded[WORKLOAD_COUNT][256];   /* the load's key values; "": none */
};

static void walk_begin(struct walk *w)
{
	w->env = -1;
	for (int i = 0; i < WORKLOAD_COUNT; i++) {
		w->loaded_env[i] = -1;
		w->loaded[i][0] = '\0';
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
	memset(e, 0, sizeof(*e));
	e->workload = spec_index(c->workload);
	e->new_environment = c->env != w->env;
	w->env = c->env;
	const struct workload_cost_model *m = model(e->workload);
	if (!m)
		return;
	for (size_t i = 0; i < 2; i++)
		e->timed_s += value_of(c, m->timed_keys[i]);
	if (m->work_key)
		e->work_units = value_of(c, m->work_key) / m->work_unit;
	if (!m->load_key)
		return;
	const char *value = case_param(c, m->load_key);
	int i = e->workload;
	char load[sizeof(w->loaded[0])];
	if (!value)
		return;
	/* what is loaded: the load key's value and the others' */
	size_t used = (size_t)snprintf(load, sizeof(load), "%s", value);
	for (size_t k = 0; k < 4 && m->reload_keys[k] && used < sizeof(load); k++)
		used += (size_t)snprintf(load + used, sizeof(load) - used, "|%s",
					 case_param(c, m->reload_keys[k]) ?
					 case_param(c, m->reload_keys[k]) : "");
	if (w->loaded_env[i] != c->env || strcmp(w->loaded[i], load) != 0)
		e->load_units = value_of(c, m->load_key) / m->load_unit *
			(m->load_weight ? m->load_weight(c) : 1.0);
	w->loaded_env[i] = c->env;
	snprintf(w->loaded[i], sizeof(w->loaded[i]), "%s", load);
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
