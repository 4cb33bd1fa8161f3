/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report_options.h: the command line of bootbench-report.
 */
#ifndef BOOTBENCH_REPORT_OPTIONS_H
#define BOOTBENCH_REPORT_OPTIONS_H

#include "report/stats/threshold.h"

#include <stdbool.h>
#include <stddef.h>

enum format { FORMAT_TEXT, FORMAT_MARKDOWN, FORMAT_CSV, FORMAT_JSON };

struct report_options {
	const char *by;         /* axis: a key (keys.h: kernel, variant, fs,
				 * scheduler, run, argument, ...); NULL:
				 * kernel, or kernel+variant when the
				 * variants differ */
	const char *rows;       /* row key, NULL: chosen from what varies */
	const char *baseline;   /* axis value of the baseline column, NULL: first */
	const char *case_id;    /* --case: only this case (metric.h), NULL: all */
	const char *metric;     /* --metric: this metric, NULL: each line's primary */
	const char *direction;  /* --metric-direction NAME: print its direction, exit */
	double confidence;      /* in %, 0 < c < 100 */
	struct thresholds threshold;    /* --threshold: a change is marked when
					 * significant and at least this */
	enum format format;
	const char *html;       /* --html FILE, or NULL */
	double plan;            /* --plan PCT: the change to detect, 0: no plan */
	double power;           /* --power PCT, for --plan (default 80) */
	char **paths;
	size_t npaths;
	bool help;              /* -h, --help: print report_options_usage, exit 0 */
	bool version;           /* --version: print the image id, exit 0 */
	bool summary;           /* --summary: each run's status (summary.h) */
	bool monitors;          /* --monitors: rows of the key monitors (monitors.h) */
	bool profile;           /* --profile: where the time went (profile.h) */
	bool columns_are_kernels;  /* not an option: each column (by argument) is
				    * one kernel, as bootbench-gate's sides are, so
				    * the kernel's facts follow the axis */
	bool mixed_clocks;      /* --mixed-clocks: compare runs of different clocks (clocks.h) */
	const char *symbols;    /* --symbols DIR: the image build's unstripped objects */
	const char *folded;     /* --folded DIR: write the folded stacks there */
};

/* Fill o from argv: 0 to go on (or to print what o->help or o->version
 * ask for), or 2 after a usage error and the hint on stderr. */
int report_options_parse(struct report_options *o, int argc, char **argv);

/* The text of --help. */
extern const char report_options_usage[];

#endif
