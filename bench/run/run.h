/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * run.h: `bootbench-bench run` -- one suite on one target, start to end
 * (run.c; its state is in run_state.h).
 */
#ifndef BOOTBENCH_RUN_H
#define BOOTBENCH_RUN_H

#include "bench/bench_options.h"
#include "bench/suite/suite.h"

int run_suite(const struct bench_options *o, const struct suite *s);

#endif
