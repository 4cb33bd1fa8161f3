/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * profile.h: --profile, where the time went: the perf profiles recorded
 * beside the measurements, compared per case (a row of a table) and
 * column.
 *
 * A measurement with a profile has "profile": {"file": "profiles/<id>.
 * perf.data", "event", "frequency", "call_graph", ...} in its line of
 * results.jsonl (or {"error": "..."}: the profile failed, the figures
 * stand).  Each perf.data is resolved by the host's perf (perf_script.h)
 * with the image build's unstripped objects (--symbols, by default
 * out/symbols beside the report's bin/) and the run's profiles/kallsyms.
 *
 * A function's share in a boot is the part of the boot's samples of the
 * case (its repeats together) that were taken in it ("self") or in it or
 * what it called ("total"); a column's share is the mean of its boots'.
 * The movers of a column are the functions whose self share differs most
 * from the baseline's, in points; with 2 boots or more on each side, the
 * t interval (Welch, at the report's confidence) of the change over the
 * boots' shares, and with MIN_BOOTS boots or more a side the mark that it
 * excludes 0: the change exceeds the spread between the boots.
 */
#ifndef BOOTBENCH_REPORT_PROFILE_H
#define BOOTBENCH_REPORT_PROFILE_H

#include "report/group.h"
#include "report/stacks.h"

#include <stdbool.h>
#include <stddef.h>

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

/* Read and compare the profiles of r's measurements (r->profiles).
 * Returns 0; 2 after an error message: the host's perf cannot be run, or
 * no measurement has a profile.  A profile that cannot be read is a
 * warning (diag.h) and the case goes on without it. */
int profiles_build(struct report *r);
void profiles_free(struct report *r);
/* The cell of row and col of table t (an index into r->tables). */
const struct prof_cell *prof_cell(const struct report *r, size_t t, size_t row, size_t col);
/* Whether any column of row of table t has profiles or errors. */
bool prof_row_shown(const struct report *r, size_t t, size_t row);
/* The case of a row: its measurements' group ("timer-n1000-d3"). */
const char *prof_case(const struct report *r, size_t t, size_t row);

#endif
