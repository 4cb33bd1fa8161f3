/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * gate_options.h: the command line of bootbench-gate.
 */
#ifndef BOOTBENCH_GATE_OPTIONS_H
#define BOOTBENCH_GATE_OPTIONS_H

#include "report/stats/threshold.h"

#include <stdbool.h>
#include <stddef.h>

struct gate_options {
	const char *baseline;   /* --baseline DIR: the runs compared against */
	const char *candidate;  /* --candidate DIR: the runs of the kernel under test */
	char **cases;           /* --case PATTERN (repeatable): the cases that count */
	size_t ncases;
	char **metrics;         /* --metric NAME (repeatable); none: each case's primary */
	size_t nmetrics;
	struct thresholds threshold;    /* --threshold PCT, --threshold METRIC=PCT */
	double confidence;      /* --confidence PCT, default 95 */
	const char *summary;    /* --summary FILE: the Markdown summary */
	const char *html;       /* --html FILE: the reports as one HTML page */
	const char *junit;      /* --junit FILE: JUnit XML */
	const char *metrics_file;       /* --metrics FILE: OpenMetrics text */
	const char *suite;      /* --suite NAME|FILE: the suite the bisect command names */
	bool help, version;
};

/* Fill o from argv: 0 to go on (or to print what o->help or o->version
 * ask for), or 2 after a usage error and the hint on stderr.
 * gate_options_free() frees what it allocated. */
int gate_options_parse(struct gate_options *o, int argc, char **argv);
void gate_options_free(struct gate_options *o);

extern const char gate_usage[];

#endif
