/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * syscsv.h: columns of a CSV text whose first line names them and whose
 * empty fields are values not known, as in series/<id>.sys.csv
 * (doc/monitors.md).
 */
#ifndef BOOTBENCH_REPORT_SYSCSV_H
#define BOOTBENCH_REPORT_SYSCSV_H

#include <stddef.h>

/* The values of column name, one per data line (blank lines are none),
 * NAN where the field is empty, missing or not a number; the number of
 * lines in *n.  NULL, *n 0, when the first line has no such column. */
double *csv_column(const char *text, const char *name, size_t *n);

#endif
