/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pgbench_counters.h: what a pgbench run's window cost, per transaction:
 * the CPU time (cpu_figures.h), the block I/O (io_figures.h) and the WAL
 * (wal_figures.h), all over one stretch.
 *
 * At each of the runner's ticks while pgbench runs, the server's and the
 * client's cgroups, the target's and the WAL device's block statistics and
 * the WAL's insert position (asked for first, on a connection of the
 * runner's own, and taken last, so that the server reads it while the
 * runner reads the rest) are read, and the instant is given to pgbench's
 * log as a mark (pgbench_log.h), which counts the transactions ended by
 * then from the log's transaction numbers.  Once the log has fixed the
 * window's start, if it is still to come, the next tick is moved to it,
 * and the ticks after follow a second apart; with a window of a length
 * (pgbench -T), the tick that would come at its end or after comes 50 ms
 * before it, or before pgbench_end if that is sooner: pgbench's clock of
 * -T starts before its first transaction, where the log's window starts
 * (its connecting counts), so pgbench may end before the window would.
 * The figures cover the stretch from the window's first reading to its
 * last: the window less the part of a second before its first reading
 * (none when the ticks moved to its start) and the 50 ms or so after its
 * last (more when the runner read late and the tick before it is the last
 * inside).
 */
#ifndef BOOTBENCH_PGBENCH_COUNTERS_H
#define BOOTBENCH_PGBENCH_COUNTERS_H

#include <stdbool.h>
#include <stddef.h>

#include <libpq-fe.h>

#include "bench/workloads/cpu_figures.h"
#include "bench/workloads/io_figures.h"
#include "bench/workloads/pgbench/pgbench_log.h"

/* The counters at one tick: the log's mark of the same index. */
struct pgbench_reading {
	struct cpu_reading cpu;
	struct io_reading io;
	double wal;                /* the WAL position; WAL_UNREAD */
};

struct pgbench_counters {
	const struct workload_env *e;
	bool cpu_on;               /* the cgroups can be read */
	bool on;                   /* something can be: the ticks read */
	PGconn *wal_conn;          /* for the WAL position; NULL: not read */
	char wal_why[192];         /* why not, since when; "" */
	struct pgbench_reading *readings;   /* readings[k] is the log's mark k */
	size_t n, cap;
	long long shift_us;        /* the log's clock less clock_now()'s, in us */
	bool moved;                /* a tick was moved to the window's start */
	bool ended;                /* and one to just before its end */
	double pgbench_end;        /* clock_now() time before which pgbench -T
				      does not end (its start plus -T); 0 */
};

/* The runner's ticks while pgbench runs, a second apart. */
#define PGBENCH_TICK_S 1.0

void pgbench_counters_begin(struct pgbench_counters *p, const struct workload_env *e);
void pgbench_counters_end(struct pgbench_counters *p);

/* At a tick, before the log is read: read the counters, mark the log.
 * Returns the clock_now() time the next tick should come at, or 0. */
double pgbench_counters_tick(struct pgbench_counters *p, struct pgbench_log *l);

/* The figures of the window w (its marks) into m, or the warnings
 * no-cpu-time, no-io-counts and no-wal-bytes. */
void pgbench_counters_figures(const struct pgbench_counters *p,
			      const struct pgbench_log_summary *w, struct measurement_out *m);

#endif
