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

#include "report/model.h"
#include "report/profile/prof_cell.h"

#include <stdbool.h>
#include <stddef.h>

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
