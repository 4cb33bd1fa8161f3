/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * warnings.h: the validity warnings the engine judges for every
 * measurement (doc/results-jsonl.md): the dataset fits in RAM, the run is
 * shorter than a checkpoint cycle, the repeats vary too much, the CPU
 * frequency governor is not "performance".  Workloads add their own.
 */
#ifndef BOOTBENCH_WARNINGS_H
#define BOOTBENCH_WARNINGS_H

#include "bench/run/run_state.h"

void run_warnings(struct run *r, const struct bench_case *c,
		  struct measurement_out *m);

#endif
