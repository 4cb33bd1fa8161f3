/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pgbench_rate.h: whether the machine kept up with a fixed rate (pgbench -R).
 *
 * pgbench schedules transactions at random (Poisson) times averaging the
 * rate; a machine that keeps up completes about rate * seconds of them in
 * the window, with a schedule lag that does not grow.  One that does not
 * falls behind: fewer transactions (or skipped ones, with a latency
 * limit) and a lag that grows for as long as the run lasts.
 */
#ifndef BOOTBENCH_PGBENCH_RATE_H
#define BOOTBENCH_PGBENCH_RATE_H

#include <stdbool.h>
#include <stddef.h>

#include "bench/workloads/pgbench/pgbench_log.h"

/* A shortfall counts beyond this share of the rate ... */
#define PGBENCH_RATE_SHORT 0.02
/* ... and beyond this many standard deviations of a Poisson count. */
#define PGBENCH_RATE_SIGMAS 4.0
/* The lag grows by more than this share of the time between the window's
 * first and last quarter: the schedule falls behind. */
#define PGBENCH_RATE_LAG_GROWTH 0.02

/*
 * Whether the window s of a run at rate tps was not sustained: it completed
 * fewer transactions than rate * window_s by more than PGBENCH_RATE_SHORT
 * of them and more than PGBENCH_RATE_SIGMAS standard deviations, or its
 * lag grew as above.  If so, true with why in msg.
 */
bool pgbench_rate_unsustained(double rate, const struct pgbench_log_summary *s,
			      char *msg, size_t len);

#endif
