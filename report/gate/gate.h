/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * gate.h: bootbench-gate's verdict, from the report's comparisons.
 *
 * The baseline's runs and the candidate's are the two columns of a report
 * by argument (group.h; each column one kernel, so the kernel's own facts
 * follow the axis), one report per metric the gate counts.  Every row of
 * every table is a case, judged by the candidate's claim against the
 * baseline (compare.h): worse or better when it is marked (significant
 * and at least the threshold), the same when it is not, undecided when
 * there is no claim (fewer boots than one needs) or no measurement on a
 * side.  The runs cannot decide at all (blockers) when a run failed,
 * input was skipped, or the columns differ in more than the kernel (the
 * report's facts; the host's load class is only noted: interleaved boots
 * share it, and the test takes the spread it makes).
 *
 * The exit status: 3 with a blocker; else 1 when some case is worse (a
 * change shown on enough boots stands beside a case still undecided);
 * else 3 when some case is undecided; else 0.
 */
#ifndef BOOTBENCH_GATE_H
#define BOOTBENCH_GATE_H

#include "report/gate/gate_options.h"
#include "report/group.h"
#include "report/report_options.h"

#include <stdbool.h>
#include <stddef.h>

enum gate_status { GATE_PASSED = 0, GATE_FAILED = 1, GATE_UNDECIDED = 3 };

enum gate_kind { KIND_WORSE, KIND_BETTER, KIND_UNDECIDED, KIND_SAME };

struct gate_case {
	const struct report *r;         /* the report of its metric */
	const struct table *t;
	size_t row;
	const struct cell *cand, *base; /* their cells; n is 0 for none */
	const char *name;               /* the case (metric.h measurement_case) */
	enum gate_kind kind;
	const char *why;                /* undecided: why, else NULL */
};

/* One side: the directory given, and its column in each report. */
struct gate_side {
	const char *dir;        /* as given */
	char *label;            /* the column's value: the directory without
				 * the slashes at its end */
	size_t col;             /* its column in every report */
	char *kernels;          /* its runs' kernels and variants, "; " between */
	size_t runs;
};

struct gate {
	const struct gate_options *opt;
	size_t nreports;        /* one per metric (the primary: one) */
	struct dataset *data;
	struct report_options *ropt;
	struct report *reports;
	bool *built;            /* reports[i] was built */
	struct gate_side base, cand;
	struct gate_case *cases;
	size_t ncases;
	char **blockers;        /* why the runs cannot decide, one line each */
	size_t nblockers;
	char **notes;           /* what the reader should know beside the verdict */
	size_t nnotes;
	enum gate_status status;
};

/* Read the runs of both sides and make the report of each metric.
 * Returns 0, or 2 after an error message (bad usage: a side that is not a
 * directory, the same runs on both sides, a case or metric no run has, a
 * per-metric threshold of no metric compared).  gate_free() frees g
 * either way. */
int gate_build(struct gate *g, const struct gate_options *o);
/* Judge every case, list the blockers, set g->status. */
void gate_judge(struct gate *g);
void gate_free(struct gate *g);

/* "worse", "better", "undecided", "no change" */
const char *gate_kind_name(enum gate_kind k);
/* "passed", "failed", "cannot decide" */
const char *gate_status_name(enum gate_status s);
/* How many cases are of kind k. */
size_t gate_count(const struct gate *g, enum gate_kind k);
/* The suite of the runs (report.h report_suite), or "(unknown)". */
const char *gate_suite(const struct gate *g);

#endif
