/* SPDX-License-Identifier: GPL-2.0-only */
/* pgbench_rate.c: whether a fixed rate was sustained (pgbench_rate.h). */
#include "bench/workloads/pgbench/pgbench_rate.h"

#include <math.h>
#include <stdio.h>

bool pgbench_rate_unsustained(double rate, const struct pgbench_log_summary *s,
			      char *msg, size_t len)
{
	double expected = rate * s->window_s;
	double short_by = expected - (double)s->transactions;
	bool few = short_by > PGBENCH_RATE_SHORT * expected &&
		short_by > PGBENCH_RATE_SIGMAS * sqrt(expected);
	/* between the middles of the first and the last quarter */
	double apart_ms = 0.75 * s->window_s * 1000.0;
	bool behind = s->lag && s->window_s >= 4 &&
		s->lag_last_ms - s->lag_first_ms > PGBENCH_RATE_LAG_GROWTH * apart_ms;

	if (!few && !behind)
		return false;
	int n = snprintf(msg, len, "asked for %g tps, completed %.1f tps (%.0f %%)", rate,
			 s->tps, rate > 0 ? 100.0 * s->tps / rate : 0.0);
	if (n > 0 && (size_t)n < len && s->skipped > 0)
		n += snprintf(msg + n, len - (size_t)n, ", %lld skipped", s->skipped);
	if (n > 0 && (size_t)n < len && s->lag)
		snprintf(msg + n, len - (size_t)n, "; schedule lag %.1f ms in the first "
			 "quarter of the window, %.1f ms in the last", s->lag_first_ms,
			 s->lag_last_ms);
	return true;
}
