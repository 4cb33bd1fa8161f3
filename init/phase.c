/* SPDX-License-Identifier: GPL-2.0-only */
/* phase.c: phase timings (monotonic clock). */
#include "init/phase.h"

#include "common/clock.h"

static struct phase phases[PHASE_MAX];
static size_t count;
static double started;
static int running = -1;

void phase_end(void)
{
	if (running < 0)
		return;
	phases[running].seconds = clock_now() - started;
	running = -1;
}

void phase_begin(const char *name)
{
	phase_end();
	if (count == PHASE_MAX)
		return;
	running = count++;
	phases[running].name = name;
	phases[running].seconds = 0;
	started = clock_now();
}

const char *phase_current(void)
{
	return running < 0 ? NULL : phases[running].name;
}

size_t phase_list(const struct phase **list)
{
	*list = phases;
	return count;
}
