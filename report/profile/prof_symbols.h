/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * prof_symbols.h: which objects of a profile have no symbols on this
 * machine, and why: the kernel and its modules without a saved kallsyms,
 * an object of the image without a copy in the symbols directory (the
 * image build is not here), or with a copy of another build (its build
 * id differs from the one perf recorded), or whose samples perf could
 * not name anyway.
 */
#ifndef BOOTBENCH_REPORT_PROF_SYMBOLS_H
#define BOOTBENCH_REPORT_PROF_SYMBOLS_H

#include "report/profile/prof_cell.h"
#include "report/profile/stacks.h"

/* Add to c the objects of the perf.data at data (its samples in s, its
 * functions in fs) that have no symbols with symfs and kallsyms (either
 * NULL: none); an object already listed with the same reason gets the
 * samples added.  0, or -1 with *error when perf could not list them. */
int prof_symbols_check(struct prof_cell *c, const char *data, const struct funcs *fs,
		       const struct stacks *s, const char *symfs, const char *kallsyms,
		       char **error);

#endif
