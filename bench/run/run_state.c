/* SPDX-License-Identifier: GPL-2.0-only */
/* run_state.c: the engine's timed steps (run_state.h). */
#include "bench/run/run_state.h"
#include "bench/os/fsio.h"
#include "bench/os/proc.h"
#include "common/clock.h"

/* Run one step: time it, note it in bench.json. */
int run_phase(struct run *r, const char *name, int (*step)(struct run *))
{
	if (proc_stop_signal())
		return proc_stopped_fail(name);
	double t0 = clock_now();
	int rc = step(r);
	record_phase(&r->rec, name, clock_now() - t0, rc == 0);
	if (record_save(&r->rec) < 0)
		rc = -1;
	return rc;
}
