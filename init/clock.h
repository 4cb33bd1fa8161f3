/* clock.h: seconds since boot, for deadlines, phase timings and stamps. */
#ifndef BOOTBENCH_CLOCK_H
#define BOOTBENCH_CLOCK_H

#include <time.h>

static inline double clock_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

#endif
