/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wal_figures.h: the WAL the server wrote in a measurement's stretch, per
 * unit of its work (the transactional workloads': a transaction), as the
 * metric wal_bytes_per_U: the same stretch and units as the measurement's
 * CPU time and I/O (cpu_figures.h, io_figures.h).
 *
 * The WAL's insert position (sql_wal_position(), bench/pg/sql.h) is read
 * at the two edges of the stretch, on a connection of the runner's own;
 * its advance is every WAL record inserted in between, page headers
 * included, whoever inserted it (the transactions, autovacuum, a
 * checkpoint).  pg_stat_wal's wal_bytes is not used: a backend adds to it
 * only when it reports its statistics (when idle, at most once a second),
 * so it cannot be read at an instant.  The fact object "wal" says what
 * was counted: the unit, the units and the bytes.  Without both readings
 * the metric is left out and the warning no-wal-bytes says why.
 */
#ifndef BOOTBENCH_WAL_FIGURES_H
#define BOOTBENCH_WAL_FIGURES_H

#include <stdbool.h>

#include "bench/workloads/cpu_figures.h"
#include "bench/workloads/workload.h"

/* A position not read. */
#define WAL_UNREAD (-1.0)

struct wal_work {
	const struct cpu_unit *unit;
	double units;              /* how many in the stretch */
	double bytes;              /* the WAL inserted in it */
	bool added;                /* a stretch was added */
	char why[192];             /* why a position was not read; "" */
};

/* Add the stretch from position a to position b (bytes, or WAL_UNREAD:
 * then w has no figure, and why says why unless it already does). */
void wal_work_add(struct wal_work *w, double a, double b, const char *why);

/* The metric and the fact object "wal" of w in m; or, if a position was
 * not read or no work was counted, the warning no-wal-bytes. */
void wal_figures_set(struct measurement_out *m, const struct wal_work *w);

/* The warning no-wal-bytes: no WAL per unit, and why. */
void wal_figures_none(struct measurement_out *m, const struct cpu_unit *unit,
		      const char *why);

#endif
