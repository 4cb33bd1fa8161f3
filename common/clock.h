/* SPDX-License-Identifier: GPL-2.0-only */
/* clock.h: the monotonic clock, for deadlines, timings and stamps. */
#ifndef BOOTBENCH_COMMON_CLOCK_H
#define BOOTBENCH_COMMON_CLOCK_H

#include <time.h>

/* Seconds on CLOCK_MONOTONIC (on Linux: since boot, suspend left out).
 * A double holds them to well under a nanosecond for years of uptime. */
static inline double clock_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

#endif
