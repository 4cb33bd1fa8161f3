/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * runs.h: the runs and measurements read from run directories.
 *
 * A run directory holds run.json (the init's record) and results.jsonl
 * (one measurement per line, format_version 1 or 2).  Each measurement
 * gets flat attributes: "kernel" (the run's kernel release), "variant"
 * (the name of the kernel variant the run booted, if it was one), "run"
 * (the directory's name), "argument" (the RUN_DIR or RESULTS_DIR given that
 * holds it, as given), every env key as "section.key" (format 1: the
 * filesystem type and mount options from run.json) and every params key.
 */
#ifndef BOOTBENCH_REPORT_RUNS_H
#define BOOTBENCH_REPORT_RUNS_H

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

/* Read every run under paths (run or results directories).  Bad input is
 * skipped with a warning (diag.h).  The runs end up sorted by name, the
 * measurements by run and line, whatever the order of paths.  Returns the
 * number of measurements. */
size_t dataset_read(struct dataset *ds, char **paths, size_t npaths);
void dataset_sort(struct dataset *ds);
void dataset_free(struct dataset *ds);
/* Free what a measurement holds (to drop it from a dataset). */
void measurement_free(struct measurement *m);

/* The column of samples named metric in a measurement's series file:
 * a new array, its length in *n; NULL if there is none. */
double *series_read(const struct measurement *m, const char *column, size_t *n);

/* The value of a JSON scalar as text ("on", "4", "true"); NULL otherwise. */
char *json_scalar_text(const struct jr_value *v);

#endif
