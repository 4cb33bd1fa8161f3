/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dataset.h: the runs and measurements the report reads (runs.h), and
 * their attributes.
 *
 * Each measurement gets flat attributes: "kernel" (the run's kernel
 * release), "variant" (the name of the kernel variant the run booted, if
 * it was one), "run" (the directory's name), "argument" (the RUN_DIR or
 * RESULTS_DIR given that holds it, as given), every env key as
 * "section.key" (format 1: the filesystem type and mount options from
 * run.json) and every params key.
 */
#ifndef BOOTBENCH_REPORT_DATASET_H
#define BOOTBENCH_REPORT_DATASET_H

#include "common/jsonread.h"

#include <stdbool.h>
#include <stddef.h>

struct attr {
	char *key, *value;
};

struct attrs {
	struct attr *v;
	size_t n, cap;
};

void attrs_set(struct attrs *a, const char *key, const char *value);
const char *attrs_get(const struct attrs *a, const char *key);
void attrs_free(struct attrs *a);

struct warning {
	char *code, *message;
};

struct run {
	char *path;             /* the run directory as found */
	char *name;             /* its last component */
	char *argument;         /* the path given that holds it, as given */
	struct jr_value *json;  /* run.json, or NULL */
	char *kernel;           /* kernel.release, or from the directory name */
	char *variant;          /* variant.name, or NULL: the kernel as it is */
	char *suite;            /* suite name, or NULL if unknown */
	char *status;           /* run.json status, or NULL */
	char *reason;           /* why it failed, or NULL */
	char *clock;            /* run.json clock: "host" (also when absent) or
				 * "instructions:N" (clocks.h) */
	struct attrs facts;     /* what describes the machine: CPU, RAM, target, ... */
	size_t measurements;    /* lines taken from its results.jsonl */
};

struct measurement {
	struct run *run;
	char *source;           /* results.jsonl path */
	int line;               /* its line */
	char *workload;
	char *id;               /* the line's id */
	int repeat;             /* 1-based */
	struct attrs attrs;
	char *metric, *unit;    /* the primary metric */
	bool higher_is_better;
	double value;           /* its value */
	struct jr_value *json;  /* the whole line */
	char *series;           /* per-second samples file, or NULL */
	struct warning *warnings;
	size_t nwarnings;
};

struct dataset {
	struct run **runs;
	size_t nruns, runs_cap;
	struct measurement *m;
	size_t nm, m_cap;
};

/* Sort the runs by name, the measurements by run and line. */
void dataset_sort(struct dataset *ds);
void dataset_free(struct dataset *ds);
/* Free what a run holds, and the run. */
void run_free(struct run *r);
/* Free what a measurement holds (to drop it from a dataset). */
void measurement_free(struct measurement *m);
/* The value of a JSON scalar as text ("on", "4", "true"); NULL otherwise. */
char *json_scalar_text(const struct jr_value *v);

#endif
