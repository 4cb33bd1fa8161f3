/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * group.h: measurements arranged into comparison tables (model.h).
 *
 * The columns are the values of the axis (--by), sorted; each workload's
 * measurements become its tables (tables.h), whose cells are measured and
 * compared with the baseline column (cells.h); the facts of the runs are
 * compared between the columns (facts.h).
 */
#ifndef BOOTBENCH_REPORT_GROUP_H
#define BOOTBENCH_REPORT_GROUP_H

#include "report/model.h"

/* Arrange ds as o asks.  Returns 0, or 2 after an error message (unknown
 * axis key or baseline). */
int report_build(struct report *r, struct dataset *ds, const struct report_options *o);

#endif
