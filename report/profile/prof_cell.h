/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * prof_cell.h: what --profile finds in a case and column (a cell) and
 * keeps for all of them (profile.h says how the shares, movers and
 * intervals are made).
 */
#ifndef BOOTBENCH_REPORT_PROF_CELL_H
#define BOOTBENCH_REPORT_PROF_CELL_H

#include "report/profile/stacks.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PROFILE_TOP 8           /* functions of each kind in a column's list */
#define PROFILE_MOVERS 10       /* movers of a column */

/* A figure against the baseline's, in points of the samples. */
struct prof_change {
	bool compared;          /* the baseline has profiles of the case */
	double change;          /* points */
	bool interval;          /* lo, hi: 2 boots or more a side */
	double lo, hi;
	bool claim;             /* MIN_BOOTS boots or more a side */
	bool exceeds;           /* the claim, and the interval excludes 0 */
};

struct prof_share {
	uint32_t func;
	double self, total;     /* % of the samples */
};

struct prof_mover {
	uint32_t func;
	double base, value;     /* the self shares, % */
	struct prof_change self;
	double total_change;    /* points, of the total share */
};

/* An object that samples were taken in but whose symbols are missing. */
struct prof_object {
	char *path;
	char *why;              /* "no copy in DIR", "build id ... differs", ... */
	unsigned long long samples;     /* samples taken in it */
};

struct prof_cell {
	size_t nprofiles;       /* profiles read */
	size_t boots;
	unsigned long long samples;
	struct stacks stacks;   /* every profile's samples together */
	double kind_pct[NKINDS];        /* samples taken in each kind */
	double idle_pct;        /* samples of the idle task (pid 0) */
	struct prof_change kind_change[NKINDS], idle_change;
	struct prof_share *top[NKINDS];
	size_t ntop[NKINDS];
	struct prof_mover *movers;
	size_t nmovers;
	struct prof_object *nosym;
	size_t nnosym;
	char **errors;          /* profiles that failed or could not be read */
	size_t nerrors;
	char *event, *call_graph;       /* of the first profile; NULL if unknown */
	double frequency;       /* Hz, 0 if unknown */
	char *folded;           /* the folded stacks file written, or NULL */
	double *self, *total;   /* per function (nfuncs): the mean over the boots, % */
	size_t nfuncs;
	/* Per boot, for the spread: the self share of every function, the
	 * shares of the kinds and of the idle task. */
	double **boot_self;     /* boots x funcs.n */
	double (*boot_kind)[NKINDS + 1];
};

struct profiles {
	struct funcs funcs;
	struct prof_cell *cells;        /* per table: nrows * ncols, row-major */
	size_t *first;          /* the first cell of each table */
	char *symfs;            /* the unstripped objects, or NULL */
	char *folded_dir;       /* where the folded stacks are, or NULL */
};

#endif
