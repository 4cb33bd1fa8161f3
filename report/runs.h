/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * runs.h: the runs and measurements read from run directories
 * (dataset.h).
 *
 * A run directory holds run.json (the init's record; what describes the
 * run: run_facts.h), results.jsonl (one measurement per line,
 * format_version 1 or 2: measurements.h) and, under QEMU, host.json.
 */
#ifndef BOOTBENCH_REPORT_RUNS_H
#define BOOTBENCH_REPORT_RUNS_H

#include "report/dataset.h"

#include <stddef.h>

/* Read every run under paths (run or results directories).  Bad input is
 * skipped with a warning (diag.h).  The runs end up sorted by name, the
 * measurements by run and line, whatever the order of paths.  Returns the
 * number of measurements. */
size_t dataset_read(struct dataset *ds, char **paths, size_t npaths);

#endif
