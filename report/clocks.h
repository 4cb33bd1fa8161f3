/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * clocks.h: the clock the runs' figures are in (run.json clock, runs.h's
 * run->clock; doc/clocks.md).  Figures of different clocks (the host's
 * time, instruction time at one -icount shift or another) do not compare:
 * the report refuses them unless --mixed-clocks, and its header says what
 * instruction time is.
 */
#ifndef BOOTBENCH_REPORT_CLOCKS_H
#define BOOTBENCH_REPORT_CLOCKS_H

#include "report/runs.h"

#include <stdbool.h>

/* 0; or, when the runs of ds's measurements differ in clock and not
 * mixed_ok, 2 after one error line naming the clocks and a run of each. */
int clocks_check(const struct dataset *ds, bool mixed_ok);

/* The clock as the header says it: NULL for the host's time in every
 * run; the meaning of instruction time; or, for mixed clocks, which and
 * that they are compared as asked.  A new string. */
char *clocks_note(const struct dataset *ds);

/* The clock of every run of ds's measurements as JSON's "clock" says it:
 * "host", "instructions" or "mixed", and the shift (-1 unless one
 * instructions clock). */
const char *clocks_mode(const struct dataset *ds, int *shift);

#endif
