/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * workload_spec.h: what the suite parser needs of a workload -- its
 * section's keys, checks and case names -- with no libpq, so that the
 * parser and the unit tests can use it.  Each workload's spec is in
 * bench/workloads/<name>_spec.c; workload.h adds what the engine runs.
 */
#ifndef BOOTBENCH_WORKLOAD_SPEC_H
#define BOOTBENCH_WORKLOAD_SPEC_H

#include <stdbool.h>
#include <stddef.h>

#include "suite.h"

struct bench_case;             /* matrix.h */

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
};

/* All workload specs, in the order of bench/workloads/list.h;
 * NULL-ended (workload_spec.c). */
extern const struct workload_spec *const workload_specs[];
const struct workload_spec *workload_spec_find(const char *name);

/* Append "-<prefix><value>" to the case name in buf, keeping only the
 * characters a name may have ([A-Za-z0-9_.-]). */
void workload_id_append(char *buf, size_t len, const char *prefix,
			const char *value);

/* Each workload's spec: pgbench_spec, ... (bench/workloads/list.h). */
#define WORKLOAD(name) extern const struct workload_spec name##_spec;
#include "workloads/list.h"
#undef WORKLOAD

#endif
