/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * gate_output.h: what bootbench-gate writes (doc/gate.md).  Each output is
 * deterministic: the same runs give the same bytes.
 */
#ifndef BOOTBENCH_GATE_OUTPUT_H
#define BOOTBENCH_GATE_OUTPUT_H

#include "report/gate/gate.h"

#include <stdio.h>

/* The Markdown summary a merge request's comment wants: the verdict, what
 * was compared, every case worse, better or undecided with its change,
 * interval and boots, why the runs cannot decide, the bisect command of a
 * failed gate; then the full report of each metric, folded. */
void gate_markdown(FILE *f, const struct gate *g);
/* For a failed gate: how to bisect each case worse, a bootbench-bisect
 * command line with the same suite, test and clock. */
void gate_bisect_commands(FILE *f, const struct gate *g);
/* JUnit XML: a test case per case (and metric) on the candidate's kernel,
 * failed where the case is worse, an error where it is undecided, and one
 * for the runs, an error when they cannot decide. */
void gate_junit(FILE *f, const struct gate *g);
/* OpenMetrics text (GitLab's metrics report): for each metric a gauge of
 * the candidate's figure per case and one of its change against the
 * baseline; "# EOF" at the end. */
void gate_openmetrics(FILE *f, const struct gate *g);
/* "-3.1% [-3.3, -2.9]": the change of the mean of the boots' values and
 * its interval, "*" when marked, "?" with no claim. */
void gate_change_text(char *buf, size_t size, const struct gate_case *k);

#endif
