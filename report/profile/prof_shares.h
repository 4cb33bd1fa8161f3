/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * prof_shares.h: the shares of a case's functions in a column, its top
 * functions, and its movers against the baseline (profile.h says what
 * each figure is).
 */
#ifndef BOOTBENCH_REPORT_PROF_SHARES_H
#define BOOTBENCH_REPORT_PROF_SHARES_H

#include "report/profile/prof_cell.h"

/* The shares of c from its boots' stacks boots[0..c->boots): every
 * function's self share per boot, the kinds' and the idle task's, the
 * top functions of each kind. */
void prof_shares(const struct funcs *fs, struct prof_cell *c, const struct stacks *boots);
/* The movers of c against base, the baseline's cell of its row, and the
 * changes of the kinds' and the idle task's shares; nothing if either
 * has no profile. */
void prof_movers(const struct funcs *fs, struct prof_cell *c, const struct prof_cell *base,
		 double alpha);
/* The change of a share from the baseline's boots b[0..nb) to the
 * column's a[0..na), in points, with its interval and mark. */
void prof_change(const double *a, size_t na, const double *b, size_t nb, double alpha,
		 struct prof_change *out);

/* "+31.21*": a change in points and its mark; "" when not compared. */
void prof_fmt_change(char *buf, size_t size, const struct prof_change *c);
/* "[+28.03, +34.39]", or "" without an interval. */
void prof_fmt_interval(char *buf, size_t size, const struct prof_change *c);

#endif
