/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The estimate of a suite's time (bench/run/estimate.c): what each case of
 * a suite loads, does and measures, the sum with costs chosen so that
 * each part shows, the time left from a case on, what a measured case
 * teaches, and how a time is written.
 */
#include "bench/run/estimate.h"
#include "bench/suite/matrix.h"
#include "bench/suite/suite_parse.h"
#include "bench/suite/workload_spec.h"
#include "bench/workloads/pgbench/pgbench_keys.h"
#include "tap.h"

#include <stdio.h>
#include <string.h>

static struct suite s;
static char err[1024];

static void parse(const char *text)
{
	err[0] = '\0';
	is_int(suite_parse("t", "test", text, &s, err, sizeof(err)), 0, "suite parsed %s", err);
}

/* Every workload: 1 s a case, 10 s a unit loaded, 100 s a unit of work;
 * 1000 s an environment, 10000 s the run's own steps. */
static void round_costs(struct estimate_costs *k)
{
	memset(k, 0, sizeof(*k));
	k->run_s = 10000;
	k->environment_s = 1000;
	for (int i = 0; workload_specs[i]; i++)
		k->w[i] = (struct workload_costs){ .case_s = 1, .load_s = 10, .work_s = 100 };
}

static int spec(const char *name)
{
	for (int i = 0; workload_specs[i]; i++)
		if (strcmp(workload_specs[i]->name, name) == 0)
			return i;
	return -1;
}

/* A suite of the test's own: every workload at tiny sizes, one
 * environment. */
static const char every_workload[] =
	"[pgbench]\nscale = 1\nclients = 1,2\nduration_s = 5\nwarmup_s = 1\n"
	"[oltp]\nmode = read-only,read-write\ntable_size = 2000\nclients = 2\n"
	"duration_s = 3\n"
	"[insert]\nrows = 2000\nbatch = 100\n"
	"[seqscan]\nsize = 16M\n"
	"[rawio]\nsize = 16M\nblock_size = 1M\n"
	"[fsync]\nseconds_per_test = 1\n"
	"[timer]\nsamples = 200\nduration_s = 1\n";

static void every(void)
{
	struct estimate_costs k;
	struct estimate_case e[9];

	parse(every_workload);
	is_int((long long)suite_case_count(&s), 9, "every workload: 9 cases");
	for (size_t i = 0; i < 9; i++)
		estimate_case(&s, i, &e[i]);

	ok(e[0].new_environment && e[0].workload == spec("pgbench") && e[0].load_units == 1 &&
	   e[0].timed_s == 6 && e[0].work_units == 0,
	   "pgbench c1: the environment, pgbench -i -s 1, 5 s and 1 s of warm-up");
	ok(!e[1].new_environment && e[1].load_units == 0 && e[1].timed_s == 6,
	   "pgbench c2: the same environment, scale 1 already loaded");
	ok(e[2].load_units == 2 && e[2].timed_s == 3, "oltp read-only: 2000 rows loaded, 3 s");
	ok(e[3].load_units == 0 && e[3].timed_s == 3, "oltp read-write: the table is there");
	ok(e[4].load_units == 0 && e[4].work_units == 2 && e[4].timed_s == 0,
	   "insert: 2000 rows of work, nothing loaded");
	ok(e[5].load_units == 16 && e[5].work_units == 16, "seqscan: 16 MiB loaded and scanned");
	ok(e[6].load_units == 0 && e[6].work_units == 16, "rawio: 16 MiB written and read");
	ok(e[7].work_units == 1 && e[7].timed_s == 0, "fsync: pg_test_fsync -s 1");
	ok(e[8].work_units == 0.2 && e[8].timed_s == 1, "timer: 200 samples, 1 s");
	for (size_t i = 0; i < 9; i++)
		ok(e[i].workload >= 0 && (i == 0) == e[i].new_environment,
		   "case %zu: a known workload, %s environment", i, i ? "the same" : "a new");

	round_costs(&k);
	/* timed 6+6+3+3+1, 9 cases, loads 1+2+16, work 2+16+16+1+0.2 */
	double total = 10000 + 1000 + 19 + 9 + 19 * 10 + 35.2 * 100;
	is_num(estimate_seconds(&s, 0, &k), total,
	       "every workload: the run, an environment and 9 cases");
	is_num(estimate_case_seconds(&e[0], &k), 1000 + 1 + 10 + 6, "pgbench c1 alone");
	is_num(estimate_seconds(&s, 1, &k), total - 10000 - 1017,
	       "from the second case on: no run steps, no environment, no pgbench -i");
	is_num(estimate_seconds(&s, 8, &k), 1 + 1 + 20, "from the last case: timer alone");
	is_num(estimate_seconds(&s, 9, &k), 0, "past the last case: nothing left");

	/* Learnt: pgbench -i took 4 s, the case 4 + 6 + 0.5 s. */
	estimate_learn(&k, &e[0], 4, 10.5);
	is_num(k.w[spec("pgbench")].load_s, 4, "learnt: pgbench -i, 4 s per scale");
	is_num(k.w[spec("pgbench")].case_s, 0.5, "learnt: pgbench's 0.5 s a case beyond its time");
	/* insert: 3 s for 2 units of work, 1 s of it the case's own */
	estimate_learn(&k, &e[4], 0.2, 3);
	is_num(k.w[spec("insert")].work_s, 1, "learnt: insert, 1 s per 1000 rows");
	is_num(k.w[spec("insert")].case_s, 1, "insert's part per case stays");
	/* a case faster than its timed seconds: no negative cost */
	estimate_learn(&k, &e[1], 0, 5);
	is_num(k.w[spec("pgbench")].case_s, 0, "learnt: never below 0");

	struct estimate_costs d;
	estimate_default_costs(&d);
	ok(d.run_s > 0 && d.environment_s > 0, "defaults: a run and an environment cost time");
	ok(estimate_seconds(&s, 0, &d) > 19,
	   "defaults: every workload takes longer than its timed seconds");
	suite_free(&s);
}

/* Every workload's spec has its cost model, and the model its costs. */
static void models(void)
{
	struct estimate_costs d;
	int n = 0;

	estimate_default_costs(&d);
	for (int i = 0; workload_specs[i]; i++, n++) {
		const struct workload_cost_model *m = workload_specs[i]->cost;
		ok(m != NULL, "%s's spec has a cost model", workload_specs[i]->name);
		ok(d.w[i].case_s > 0, "defaults: %s has its costs", workload_specs[i]->name);
		ok(m && (!m->load_key || m->load_unit > 0) && (!m->work_key || m->work_unit > 0),
		   "%s's model: each key it counts has a unit", workload_specs[i]->name);
	}
	is_int(n, WORKLOAD_COUNT, "a cost for each of the %d workloads, no more", WORKLOAD_COUNT);
}

/* Two environments, two scales, repeats: what is loaded again. */
static void matrix(void)
{
	struct estimate_costs k;
	struct estimate_case e;

	parse("[suite]\nrepeats = 2\n[postgresql]\nshared_buffers = 128MB,256MB\n"
	      "[pgbench]\nscale = 1,3\nduration_s = 2\n");
	is_int((long long)suite_case_count(&s), 8, "2 environments x 2 scales x 2 repeats");
	const bool fresh[8] = { 1, 0, 0, 0, 1, 0, 0, 0 };
	const double loads[8] = { 1, 0, 3, 0, 1, 0, 3, 0 };
	for (size_t i = 0; i < 8; i++) {
		estimate_case(&s, i, &e);
		ok(e.new_environment == fresh[i] && e.load_units == loads[i],
		   "case %zu: %s environment, %g loaded", i, fresh[i] ? "a new" : "the same",
		   loads[i]);
	}
	round_costs(&k);
	is_num(estimate_seconds(&s, 0, &k), 10000 + 2 * 1000 + 8 * (1 + 2) + 8 * 10,
	       "2 environments, 8 cases of 2 s, 4 loads of 1 or 3");

	/* A part per load beside the part per unit: pgbench -i's tables,
	 * vacuum and keys whatever the scale. */
	struct workload_costs *p = &k.w[spec("pgbench")];
	p->load_once_s = 3;
	p->load_s = 2;
	estimate_case(&s, 2, &e);
	is_num(estimate_case_seconds(&e, &k), 1 + 2 + 3 + 3 * 2, "scale 3: once 3 s, 3 x 2 s");
	is_num(estimate_seconds(&s, 0, &k), 10000 + 2 * 1000 + 8 * 3 + 4 * 3 + 2 * (1 + 3) * 2,
	       "the part per load counts once a load, never for a case that loads nothing");
	estimate_learn(&k, &e, 12, 12 + 3);
	is_num(p->load_s, 3, "learnt: (12 s - 3 s once) / scale 3");
	is_num(p->case_s, 1, "learnt: 1 s a case beyond the load and the 2 s");
	estimate_learn(&k, &e, 1, 1 + 3);
	is_num(p->load_s, 0, "a load faster than its part once: 0 s per unit, not below");
	suite_free(&s);
}

/* pgbench -i's method: the server's generation weighs its own per scale;
 * a change of partitions loads again. */
static void methods(void)
{
	struct estimate_case e;
	char text[256];

	snprintf(text, sizeof(text), "[pgbench]\nscale = 2,%d\npartitions = 0,4\n"
		 "duration_s = 2\n", PGBENCH_SERVER_SCALE);
	parse(text);
	const struct workload_cost_model *m = workload_specs[spec("pgbench")]->cost;
	ok(m->load_weight != NULL, "pgbench's cost model weighs its generation method");
	estimate_case(&s, 0, &e);
	is_num(e.load_units, 2, "scale 2, auto: the client makes the rows, 2 units");
	estimate_case(&s, 1, &e);
	is_num(e.load_units, 2, "partitions 4: loaded again");
	estimate_case(&s, 2, &e);
	struct bench_case c;
	suite_case(&s, 2, &c);
	is_num(e.load_units, PGBENCH_SERVER_SCALE * m->load_weight(&c),
	       "scale %d, auto: the server makes them, %g a unit", PGBENCH_SERVER_SCALE,
	       m->load_weight(&c));
	ok(m->load_weight(&c) != 1, "the server's generation has a cost of its own a scale");
	double server = m->load_weight(&c);
	suite_free(&s);

	parse("[pgbench]\nscale = 2\ninit_steps = dtGvp\nclients = 1,2\nduration_s = 2\n");
	estimate_case(&s, 0, &e);
	is_num(e.load_units, 2 * server, "scale 2 with dtGvp: %g units", e.load_units);
	estimate_case(&s, 1, &e);
	is_num(e.load_units, 0, "the next case: nothing loaded");
	suite_free(&s);
}

static void format(void)
{
	char buf[32];

	is_str(estimate_format(0, buf, sizeof(buf)), "0 s", "0 s");
	is_str(estimate_format(-3, buf, sizeof(buf)), "0 s", "a negative time: 0 s");
	is_str(estimate_format(59.4, buf, sizeof(buf)), "59 s", "59 s");
	is_str(estimate_format(59.6, buf, sizeof(buf)), "1 min 0 s", "rounded to 1 min");
	is_str(estimate_format(400, buf, sizeof(buf)), "6 min 40 s", "6 min 40 s");
	is_str(estimate_format(3725, buf, sizeof(buf)), "1 h 2 min", "hours and minutes");
	is_str(estimate_format(7199, buf, sizeof(buf)), "2 h 0 min", "rounded to the minute");
	is_str(estimate_format(3600 * 30, buf, sizeof(buf)), "30 h 0 min", "a long suite");
}

int main(void)
{
	every();
	models();
	matrix();
	methods();
	format();
	return tap_done();
}
