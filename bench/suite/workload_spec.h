/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * workload_spec.h: what the suite side needs of a workload -- its
 * section's keys, checks and case names, and the cost model of the
 * estimate -- with no libpq, so that the parser and the unit tests can
 * use it.  Each workload's spec is in bench/workloads/<name>/<name>_spec.c;
 * bench/workloads/ also makes the registry below from its list.h, and its
 * workload.h adds what the engine runs.
 */
#ifndef BOOTBENCH_WORKLOAD_SPEC_H
#define BOOTBENCH_WORKLOAD_SPEC_H

#include <stdbool.h>
#include <stddef.h>

#include "bench/suite/suite.h"

struct bench_case;             /* matrix.h */

/* What a workload's steps cost, in seconds (bench/run/estimate.h). */
struct workload_costs {
	double case_s;             /* per case, beyond what it measures */
	double load_once_s;        /* per load, whatever its size */
	double load_s;             /* per unit of data prepare() loads */
	double work_s;             /* per unit of work a measurement does */
};

/*
 * What a workload's keys say about its time (doc/estimate.md): the key
 * whose value prepare() loads (in units of load_unit, weighed by the
 * case's method), the keys whose
 * seconds it measures or warms up for, the key that counts its work (in
 * units of work_unit); and what its steps cost before anything is
 * measured, with where each figure comes from beside it in the spec.
 */
struct workload_cost_model {
	const char *load_key;      /* NULL: it loads nothing */
	double load_unit;
	/* Optional: what one unit of load_key weighs in case c, against the
	 * load_s below (pgbench: its generation method); NULL: 1. */
	double (*load_weight)(const struct bench_case *c);
	/* Other keys whose change makes prepare() load again; NULL: none. */
	const char *reload_keys[4];
	const char *timed_keys[2]; /* NULL: none */
	const char *work_key;      /* NULL: no work beyond the timed seconds */
	double work_unit;
	struct workload_costs costs;
};

struct workload_spec {
	const char *name;                    /* its section */
	const struct suite_key *keys;        /* ends with { NULL } */
	/* Optional: an impossible combination in the suite's values. Returns
	 * 0, or -1 with "key: why" in err and *bad set to the param to blame
	 * (the engine adds file and line). */
	int (*check)(const struct suite *s, const struct suite_param **bad,
		     char *err, size_t len);
	/* The case's name without repeat or environment:
	 * "pgbench-tpcb-like-s1-c2".  Every list key of the section must
	 * show in it, so that names are unique in a run. */
	void (*case_id)(const struct bench_case *c, char *buf, size_t len);
	/* The engine's warnings that apply: fits-in-ram (the data should
	 * come from the disk, not the page cache), shorter-than-checkpoint
	 * (a steady load whose figure should include checkpoints). */
	bool warn_fits_in_ram;
	bool warn_short_run;
	/* Required: how long its cases take (tests/bench/estimate.c and
	 * tests/bench/workload-list.test fail a spec without one). */
	const struct workload_cost_model *cost;
	/* Optional: the load the workload's prepare() runs for c in a fresh
	 * environment, as a command line that a loaded template's manifest
	 * may name (bench/pg/cluster.h): true and cmd; false when it runs
	 * none.  NULL: it never runs one. */
	bool (*load)(const struct bench_case *c, char *cmd, size_t len);
};

/* All workload specs, in the order of bench/workloads/list.h;
 * NULL-ended (bench/workloads/workload_specs.c). */
extern const struct workload_spec *const workload_specs[];
const struct workload_spec *workload_spec_find(const char *name);

/* Append "-<prefix><value>" to the case name in buf, keeping only the
 * characters a name may have ([A-Za-z0-9_.-]). */
void workload_id_append(char *buf, size_t len, const char *prefix,
			const char *value);

#endif
