/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tables.h: one workload's measurements as tables (model.h): which key
 * names the rows and which split the workload into tables
 * (workload_keys.h), a table per combination of the splitting keys'
 * values, each filled with its rows and cells, titled by what is fixed
 * in it, and each cell measured and compared with the baseline column
 * (cells.h).
 */
#ifndef BOOTBENCH_REPORT_TABLES_H
#define BOOTBENCH_REPORT_TABLES_H

#include "report/model.h"

/* Append the tables of workload to r->tables, rows by row_opt (--rows, or
 * NULL: the default row key). */
void tables_build(struct report *r, const char *workload, const char *row_opt);

#endif
