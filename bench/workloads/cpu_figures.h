/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cpu_figures.h: the CPU time a measurement's work took, per unit of that
 * work (a transaction, a MB, an operation, a sleep), as metrics of the
 * measurement.
 *
 * A workload reads the counters at the two edges of the stretch it
 * counts the units of: the server's cgroup (the postmaster and all it
 * starts), the client's (the programs the workload runs: pgbench,
 * pg_test_fsync) and bootbench-bench's own time (where the runner itself
 * is the client: insert's and seqscan's libpq session, rawio's reads and
 * writes, timer's sleeps).  The metrics, for a unit U:
 *
 *   cpu_per_U_us                 all of it, server and client, per unit
 *   cpu_user_per_U_us            its user-mode part
 *   cpu_kernel_per_U_us          its kernel part
 *   cpu_server_per_U_us, cpu_client_per_U_us   each side's (when both count)
 *
 * and under the instructions clock (BOOTBENCH_CLOCK=instructions:N: QEMU
 * runs each instruction in 2^N ns of virtual time), the same as
 * instructions: instructions_per_U, user_instructions_per_U,
 * kernel_instructions_per_U, server_instructions_per_U,
 * client_instructions_per_U.  The fact object "cpu_time" says what they
 * cover: the unit, the units counted, the stretch's seconds, the sides and
 * each side's user and system microseconds.  Without the counters (no
 * cgroups, a stretch not measured) the measurement has none of these and
 * the warning no-cpu-time says why.  The user/kernel split is the kernel's
 * tick-sampled one (bench/os/cputime.h).
 */
#ifndef BOOTBENCH_CPU_FIGURES_H
#define BOOTBENCH_CPU_FIGURES_H

#include <stdbool.h>
#include <stddef.h>

#include "bench/os/cputime.h"
#include "bench/workloads/workload.h"

/* The sides a figure counts. */
enum {
	CPU_SERVER = 1,            /* the server's cgroup */
	CPU_CLIENT = 2,            /* the client's cgroup */
	CPU_RUNNER = 4,            /* bootbench-bench itself */
};

/* One reading of the counters. */
struct cpu_reading {
	double at;                 /* clock_now(), midway through the reads */
	unsigned sides;            /* those read */
	struct cputime server, client, runner;
};

/* The unit of a workload's work. */
struct cpu_unit {
	const char *metric;        /* in the metric names: "tx", "mb", "op", "sleep" */
	const char *name;          /* in the record: "transaction", "MB", ... */
};

/* The work of a stretch, and the CPU time each side took for it. */
struct cpu_work {
	const struct cpu_unit *unit;
	double units;              /* how many in the stretch */
	double seconds;            /* the stretch's length */
	unsigned sides;            /* CPU_SERVER and the client side, or one */
	struct cputime server, client;   /* the client side: its cgroup or the runner */
	bool unread;               /* a reading lacked a side */
};

/* Read the sides (one that cannot be read is left out of r->sides). */
void cpu_read(const struct workload_env *e, unsigned sides, struct cpu_reading *r);

/* Add the stretch a -> b to w: its seconds and each side's time (a side
 * that a reading lacks makes w unread). */
void cpu_work_add(struct cpu_work *w, const struct cpu_reading *a,
		  const struct cpu_reading *b);

/* The metrics and the fact object "cpu_time" of w in m; or, if w is
 * unread, has no units or took no time, the warning no-cpu-time. */
void cpu_figures_set(const struct workload_env *e, struct measurement_out *m,
		     const struct cpu_work *w);

/* The warning no-cpu-time: no CPU figures per unit, and why. */
void cpu_figures_none(struct measurement_out *m, const struct cpu_unit *unit,
		      const char *why);

/* The units of the workloads. */
extern const struct cpu_unit cpu_unit_tx, cpu_unit_mb, cpu_unit_op, cpu_unit_sleep;

#endif
