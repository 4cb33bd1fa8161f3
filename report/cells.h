/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cells.h: a cell's statistics, its comparison with the baseline column's
 * cell of its row, and its warnings (model.h).
 */
#ifndef BOOTBENCH_REPORT_CELLS_H
#define BOOTBENCH_REPORT_CELLS_H

#include "report/model.h"

#include <stdbool.h>

/* The statistics of c->values (c->d) and its boots: one value per run,
 * the median of its repeats. */
void cell_measure(const struct report *r, struct cell *c);
/* c against base, the baseline column's cell of its row: the claim on the
 * boots, marked at the threshold of metric (threshold.h); beside it,
 * within-boot information from the repeats or, when with_series and a
 * single run on each side recorded per-second samples of the primary
 * metric, from batch means of those samples. */
void cell_compare(const struct report *r, struct cell *c, const struct cell *base,
		  const char *metric, bool with_series);
/* Mark c with warning w of one of its measurements: w's number in the
 * report's legend (r->legend, numbered as warnings first come), added to
 * it there if it is new. */
void cell_warn(struct report *r, struct cell *c, const struct warning *w);

#endif
