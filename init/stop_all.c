/* SPDX-License-Identifier: GPL-2.0-only */
/* stop_all.c: end every other process (stop_all.h). */
#include "init/stop_all.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/wait.h>
#include <time.h>

#include "common/clock.h"

#define AFTER_KILL_WAIT 5.0

/* Reap until no child is left or until; true if none is left. */
static bool reap_until(double until)
{
	for (;;) {
		pid_t w = waitpid(-1, NULL, WNOHANG);

		if (w < 0 && errno == ECHILD)
			return true;
		if (w > 0)
			continue;
		if (clock_now() >= until)
			return false;
		struct timespec ts = { 0, 20 * 1000 * 1000 };
		nanosleep(&ts, NULL);
	}
}

int proc_stop_all(double grace)
{
	if (kill(-1, SIGTERM) < 0 && errno == ESRCH)
		return 0;
	if (reap_until(clock_now() + grace))
		return 0;
	if (kill(-1, SIGKILL) < 0 && errno == ESRCH)
		return 0;
	return reap_until(clock_now() + AFTER_KILL_WAIT) ? 0 : 1;
}
