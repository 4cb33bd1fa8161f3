/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * prof_folded.h: the folded stacks of each case and column as files, for
 * other flame-graph tools (Brendan Gregg's flamegraph.pl, speedscope,
 * inferno): one line per distinct stack, "process;outermost;...;
 * innermost COUNT", the kernel's functions marked "_[k]" as
 * stackcollapse-perf.pl --kernel marks them; the counts add up to the
 * cell's samples.
 */
#ifndef BOOTBENCH_REPORT_PROF_FOLDED_H
#define BOOTBENCH_REPORT_PROF_FOLDED_H

#include "report/model.h"
#include "report/profile/stacks.h"

#include <stdio.h>

/* The folded lines of s, sorted, to f. */
void folded_print(FILE *f, const struct funcs *fs, const struct stacks *s);
/* Write each cell's file, <case>.<column letter>.folded, into --folded's
 * directory, or PAGE.folded/ beside --html's page (neither: nothing) and
 * note its path in the cell.  0, or 2 after an error message. */
int prof_folded_write(struct report *r);

#endif
