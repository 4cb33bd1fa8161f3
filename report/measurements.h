/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * measurements.h: a run's measurements (dataset.h), a line of its
 * results.jsonl each, and the per-second samples of one (its series).
 */
#ifndef BOOTBENCH_REPORT_MEASUREMENTS_H
#define BOOTBENCH_REPORT_MEASUREMENTS_H

#include "report/dataset.h"

#include <stddef.h>

/* Append the measurements of r's results.jsonl to ds.  A line that is not
 * a measurement is skipped with a warning (diag.h), as is a file that has
 * none. */
void measurements_read(struct dataset *ds, struct run *r);

/* The column of samples named column in a measurement's series file:
 * a new array, its length in *n; NULL if there is none. */
double *series_read(const struct measurement *m, const char *column, size_t *n);

#endif
