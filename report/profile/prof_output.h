/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * prof_output.h: --profile in each output (profile.h): the text report
 * and the JSON under each table, the HTML page's section with the flame
 * graphs (html_profile.c).
 */
#ifndef BOOTBENCH_REPORT_PROF_OUTPUT_H
#define BOOTBENCH_REPORT_PROF_OUTPUT_H

#include "common/json.h"
#include "report/model.h"

#include <stdio.h>

/* The cases of table t (an index into r->tables) that have profiles. */
void output_profile_text(FILE *f, const struct report *r, size_t t);
/* "profile": the row's profiles, a member of the row's object. */
void output_profile_json(struct json *j, const struct report *r, size_t t, size_t row);
/* The profiles' section of table t on the page: shares, top functions,
 * movers, a flame graph per column and one of the differences against
 * the baseline. */
void html_profile(FILE *f, const struct report *r, size_t t);

#endif
