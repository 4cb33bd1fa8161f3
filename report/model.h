/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * model.h: what the report shows, whatever the format.
 *
 * Every measurement has a column (its value of the axis key: the kernel
 * by default) and belongs to one table (its workload and the values of
 * the keys that vary but are neither the axis nor the row key) and one
 * row (its value of the row key: clients when that varies).  A table
 * holds a cell per row and column; the facts say what describes the runs
 * of each column.  group.h builds the model, the outputs (output.h) show
 * it.
 */
#ifndef BOOTBENCH_REPORT_MODEL_H
#define BOOTBENCH_REPORT_MODEL_H

#include "report/report_options.h"
#include "report/runs.h"
#include "report/stats/compare.h"
#include "report/stats/describe.h"

#include <stdbool.h>
#include <stddef.h>

struct cell {
	size_t *m;              /* indexes into dataset.m */
	size_t n;
	double *values;         /* the primary metric of each */
	struct describe d;
	/* Against the baseline column (not set in the baseline itself). */
	bool compared;          /* a baseline cell exists */
	double change_median;   /* % change of the median */
	double change_hmean;    /* % change of the harmonic mean */
	struct comparison cmp;  /* the claim, on one value per boot (compare.h) */
	struct comparison within;  /* within-boot information, never a claim:
				    * the repeats, or batch means of the
				    * per-second series of single runs */
	/* The boots (runs) the values come from; also in the baseline. */
	double *boot_values;    /* the median of each boot's values */
	size_t boots;
	double boot_cov;        /* CoV of boot_values in %; NAN below 2 boots */
	double within_cov;      /* median over the boots of the CoV of a
				 * boot's values in %; NAN if no boot has 2 */
	int *warnings;          /* legend numbers, ascending */
	size_t nwarnings;
};

struct table {
	char *workload;
	char *title;            /* what is fixed: "script=tpcb-like scale=1 ..." */
	struct attrs fixed;     /* the keys that are the same in the whole table */
	char *metric, *unit;
	bool higher_is_better;
	char *row_key;          /* NULL: a single row */
	char **rows;
	size_t nrows;
	struct cell *cells;     /* nrows * ncols, row-major */
	size_t *cols;           /* the columns with values in this table */
	size_t ncols;
	bool has_baseline;      /* the baseline column is one of them */
	bool few_boots;         /* some cell had fewer than MIN_BOOTS boots on a side */
	bool several_boots;     /* some cell has values from several boots */
	/* --monitors (monitors.h): the monitors and their cells,
	 * nmonitors * nrows * ncols, by monitor, then as cells. */
	char **monitor_names;
	size_t nmonitors;
	struct cell *monitor_cells;
};

struct fact {
	char *key;              /* "CPU", "RAM", ... */
	char **values;          /* the distinct values */
	char **columns;         /* for each value: the columns it was seen in */
	size_t nvalues;
	bool differs;           /* the columns do not all have the same values:
				 * the comparison is not of the axis alone */
	bool follows_axis;      /* part of what the axis changes (the kernel
				 * config when the columns are kernels): it
				 * differs only if it varies within a column */
};

struct profiles;                /* profile.h */

struct report {
	const struct report_options *opt;
	struct dataset *ds;
	char *axis;             /* the resolved axis key */
	char **cols;
	size_t ncols;
	size_t baseline;
	double alpha;           /* 1 - confidence */
	struct table *tables;
	size_t ntables;
	struct warning *legend; /* numbered from 1 */
	size_t nlegend;
	struct fact *facts;     /* what describes the runs */
	size_t nfacts;
	struct profiles *profiles;      /* --profile (profile.h), or NULL */
};

/* Column letter of column i: "A".."Z", then "AA"... */
const char *column_letter(size_t i);

/* Free what the report holds (report_build, group.h), but the dataset. */
void report_free(struct report *r);

#endif
