/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * output.h: the report in each format.  Every output is deterministic:
 * the same inputs give the same bytes.
 */
#ifndef BOOTBENCH_REPORT_OUTPUT_H
#define BOOTBENCH_REPORT_OUTPUT_H

#include "report/model.h"

#include <stdio.h>

/* The text report, at most TEXT_WIDTH (text_wrap.h) columns wide. */
void output_text(FILE *f, const struct report *r);
void output_markdown(FILE *f, const struct report *r);
/* s with the characters Markdown (and its tables) give a meaning escaped. */
void output_markdown_text(FILE *f, const char *s);
void output_csv(FILE *f, const struct report *r);
void output_json(FILE *f, const struct report *r);
/* --plan: the boots per column needed to detect a change of --plan %. */
void output_plan(FILE *f, const struct report *r);
/* The HTML page with the charts; 0, or -1 after an error message. */
int output_html(const char *path, const struct report *r);
/* One page of the reports reps[0..n) one after the other (bootbench-gate:
 * one per metric; none when its runs gave none), under the line lead when
 * it is not NULL. */
int output_html_reports(const char *path, const struct report *const *reps, size_t n,
			const char *lead);

#endif
