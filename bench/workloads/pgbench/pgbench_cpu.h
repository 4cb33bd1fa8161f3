/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pgbench_cpu.h: the CPU time of a pgbench run's window, per transaction.
 *
 * At each of the runner's ticks while pgbench runs, the server's and the
 * client's cgroups are read and the instant is given to pgbench's log as
 * a mark (pgbench_log.h), which counts the transactions ended by then
 * from the log's transaction numbers.  Once the log has fixed the
 * window's start, if it is still to come, the next tick is moved to it,
 * and the ticks after follow a second apart.  The figures cover the
 * stretch from the window's first reading to its last: the window less
 * the part of a second before its first reading (none when the ticks
 * moved to its start) and after its last.
 */
#ifndef BOOTBENCH_PGBENCH_CPU_H
#define BOOTBENCH_PGBENCH_CPU_H

#include <stdbool.h>
#include <stddef.h>

#include "bench/workloads/cpu_figures.h"
#include "bench/workloads/pgbench/pgbench_log.h"

struct pgbench_cpu {
	const struct workload_env *e;
	bool on;                   /* the cgroups can be read */
	struct cpu_reading *readings;   /* readings[k] is the log's mark k */
	size_t n, cap;
	long long shift_us;        /* the log's clock less clock_now()'s, in us */
	bool moved;                /* a tick was moved to the window's start */
};

void pgbench_cpu_begin(struct pgbench_cpu *p, const struct workload_env *e);
void pgbench_cpu_end(struct pgbench_cpu *p);

/* At a tick, before the log is read: read the counters, mark the log.
 * Returns the clock_now() time the next tick should come at, or 0. */
double pgbench_cpu_tick(struct pgbench_cpu *p, struct pgbench_log *l);

/* The figures of the window w (its marks) into m, or the warning
 * no-cpu-time. */
void pgbench_cpu_figures(const struct pgbench_cpu *p, const struct pgbench_log_summary *w,
			 struct measurement_out *m);

#endif
