/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * progress.h: what the console and bench.json say about the time a run
 * takes (progress.c): the estimate before the first case (estimate.h),
 * the time left on each case's line, learnt from the steps measured so
 * far, and at the end the actual time beside the estimate.
 */
#ifndef BOOTBENCH_PROGRESS_H
#define BOOTBENCH_PROGRESS_H

#include "bench/run/run_state.h"
#include "bench/suite/matrix.h"

/* Estimate the suite with the default costs, note it and keep it for
 * bench.json. */
void progress_start(struct run *r);

/* The environment of case index was made in seconds. */
void progress_environment(struct run *r, double seconds);

/* Note "case 3/9: ID, about 1 min 10 s left". */
void progress_case(struct run *r, size_t index, const struct bench_case *c);

/* Case index was measured: its prepare() took prepare_s, all of it case_s. */
void progress_case_done(struct run *r, size_t index, double prepare_s, double case_s);

/* The run is over: record the actual time and its ratio to the
 * estimate (when the run is done) in bench.json, and note them. */
void progress_finish(struct run *r);

#endif
