/* SPDX-License-Identifier: GPL-2.0-only */
/* runner.h: the suite runner, /usr/bin/bootbench-bench: describe the
 * suite, then run it (its output goes onto the console). */
#ifndef BOOTBENCH_RUNNER_H
#define BOOTBENCH_RUNNER_H

struct boot;

/* Step: "bootbench-bench describe --suite NAME" into b->suite. */
int runner_describe_suite(struct boot *b);

/* Step: "bootbench-bench run ..." until it exits or the run's deadline. */
int bench_run(struct boot *b);

#endif
