/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * estimate.h: how long a suite takes, from its cases (estimate.c).
 *
 * Each case costs what its workload's keys say it measures (duration_s
 * and warmup_s; or rows, MiB, samples at so many seconds a unit: the
 * cost model of its spec, bench/suite/workload_spec.h), a
 * fixed part per case of its workload (between actions, connections,
 * restarts, the figures), the load its prepare() does when the data is not
 * there yet (pgbench -i per scale, oltp's table per rows, seqscan's per
 * MiB), and a fresh environment (mkfs, mount, the cluster, start) when its
 * environment differs from the one before.  The costs start from
 * estimate_default_costs() and the runner replaces them with what it
 * measures (estimate_learn()), so the time left gets better as it goes.
 */
#ifndef BOOTBENCH_ESTIMATE_H
#define BOOTBENCH_ESTIMATE_H

#include <stdbool.h>
#include <stddef.h>

#include "bench/suite/suite.h"
#include "bench/suite/workload_spec.h"
#include "bench/workloads/workload.h"

struct estimate_costs {
	double run_s;              /* once a run: check-settings, the last stop and unmount */
	double environment_s;      /* leave one, mkfs, mount, the cluster, configure, start */
	double initdb_s;           /* initdb's time beyond the cluster template's copy */
	struct workload_costs w[WORKLOAD_COUNT];   /* by workload_specs[] */
};

/* What one case of a suite asks for, as the estimate sees it. */
struct estimate_case {
	int workload;              /* index in workload_specs[]; -1: not known */
	bool new_environment;      /* the case before it had another one */
	double load_units;         /* data prepare() loads first; 0: none */
	double work_units;         /* work the measurement does */
	double timed_s;            /* seconds it measures and warms up for */
};

/* The costs before anything is measured: the run's (estimate.c says
 * where they come from) and each workload's spec's. */
void estimate_default_costs(struct estimate_costs *k);

/* A fresh environment of s with initdb ([suite] cluster = initdb) costs
 * initdb_s more than one that copies the cluster template. */
void estimate_cluster(struct estimate_costs *k, const struct suite *s);

/* Case index of s: what it loads, does and measures. */
void estimate_case(const struct suite *s, size_t index, struct estimate_case *e);

/* The seconds case e costs. */
double estimate_case_seconds(const struct estimate_case *e,
			     const struct estimate_costs *k);

/* The seconds cases from .. the last of s cost, with the run's own steps
 * when from is 0: the whole suite, or what is left of it. */
double estimate_seconds(const struct suite *s, size_t from,
			const struct estimate_costs *k);

/*
 * Replace the costs with what case e took: load_s its prepare(), case_s
 * all of it (prepare included): the load's seconds per unit (beyond its
 * part per load), and what is
 * left beyond the timed seconds as the workload's work per unit (if it
 * has work units) or its fixed part per case.  The environment's cost is
 * the runner's to replace (environment_s).
 */
void estimate_learn(struct estimate_costs *k, const struct estimate_case *e,
		    double load_s, double case_s);

/* "45 s", "6 min 40 s", "2 h 5 min" into buf. */
const char *estimate_format(double seconds, char *buf, size_t len);

#endif
