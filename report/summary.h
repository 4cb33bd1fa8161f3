/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * summary.h: bootbench-report --summary: each run's status and, for a run
 * that is done, one line per measurement -- what qemu/run prints after its
 * boots.
 */
#ifndef BOOTBENCH_REPORT_SUMMARY_H
#define BOOTBENCH_REPORT_SUMMARY_H

#include "report/runs.h"

#include <stdio.h>

/* For each run of ds:
 *     NAME: done, N measurements
 *     NAME  WORKLOAD   clients=C    tps=T          (one per measurement)
 * or  NAME: STATUS[: REASON]   (failed, running; missing without run.json)
 * or  NAME: done, but no measurements
 * Paths that held no run at all get "PATH: missing".  Returns 0 if every
 * run is done with measurements, else 1. */
int output_summary(FILE *f, const struct dataset *ds, char **paths, size_t npaths);

#endif
