/* SPDX-License-Identifier: GPL-2.0-only */
/* pgbench_counters.c: CPU time, I/O and WAL per transaction of a pgbench run's window (pgbench_counters.h). */
#include "bench/workloads/pgbench/pgbench_counters.h"
#include "bench/pg/sql.h"
#include "bench/workloads/wal_figures.h"
#include "common/clock.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define US_PER_S 1000000.0
/* A window's start nearer than this is not waited for: the next tick
 * reads in it anyway. */
#define MOVE_MIN_S 0.01
/* The window's last reading comes this long before its end: a runner that
 * a loaded host delays by less still reads inside the window. */
#define END_BEFORE_S 0.05

#define SIDES (CPU_SERVER | CPU_CLIENT)

/* pgbench's log times are its monotonic clock shifted to the epoch by the
 * difference it saw as it started; this is the same difference, to a few
 * microseconds. */
static long long epoch_shift_us(void)
{
	struct timespec real, mono;

	clock_gettime(CLOCK_REALTIME, &real);
	clock_gettime(CLOCK_MONOTONIC, &mono);
	return ((long long)real.tv_sec - (long long)mono.tv_sec) * 1000000LL +
		((long long)real.tv_nsec - (long long)mono.tv_nsec) / 1000;
}

void pgbench_counters_begin(struct pgbench_counters *p, const struct workload_env *e)
{
	memset(p, 0, sizeof(*p));
	p->e = e;
	p->cpu_on = e->cgroups && e->cgroups->ok;
	p->wal_conn = sql_connect_quiet(e->pg, p->wal_why, sizeof(p->wal_why));
	p->on = p->cpu_on || p->wal_conn || (e->io && e->io->dev[IO_TARGET].stat[0]);
	p->shift_us = epoch_shift_us();
}

void pgbench_counters_end(struct pgbench_counters *p)
{
	PQfinish(p->wal_conn);
	p->wal_conn = NULL;
	free(p->readings);
	p->readings = NULL;
	p->n = p->cap = 0;
}

/* The WAL position asked for, or the connection given up after a failure. */
static bool wal_asked(struct pgbench_counters *p)
{
	if (p->wal_conn && sql_wal_position_send(p->wal_conn, p->wal_why,
						 sizeof(p->wal_why)) == 0)
		return true;
	PQfinish(p->wal_conn);
	p->wal_conn = NULL;
	return false;
}

static void wal_take(struct pgbench_counters *p, double *wal)
{
	if (sql_wal_position_take(p->wal_conn, wal, p->wal_why, sizeof(p->wal_why)) == 0)
		return;
	*wal = WAL_UNREAD;
	PQfinish(p->wal_conn);
	p->wal_conn = NULL;
}

double pgbench_counters_tick(struct pgbench_counters *p, struct pgbench_log *l)
{
	if (!p->on)
		return 0;
	if (p->n == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 64;
		struct pgbench_reading *r = realloc(p->readings, cap * sizeof(*r));
		if (!r)
			return 0;
		p->readings = r;
		p->cap = cap;
	}
	struct pgbench_reading *r = &p->readings[p->n];
	bool wal = wal_asked(p);
	cpu_read(p->e, p->cpu_on ? SIDES : 0, &r->cpu);
	io_read(p->e->io, &r->io);
	r->wal = WAL_UNREAD;
	if (wal)
		wal_take(p, &r->wal);
	if (pgbench_log_mark(l, llround(r->cpu.at * US_PER_S) + p->shift_us) < 0)
		return 0;
	p->n++;
	if (!l->window_set || l->cfg.per_second)
		return 0;
	double now = clock_now();
	double start = (double)(l->window_start_us - p->shift_us) / US_PER_S;
	if (!p->moved && start >= now + MOVE_MIN_S) {
		p->moved = true;
		return start;
	}
	if (l->duration_us <= 0 || p->pgbench_end <= 0 || p->ended)
		return 0;
	double end = (double)(l->window_start_us + l->duration_us - p->shift_us) / US_PER_S;
	double last = (p->pgbench_end < end ? p->pgbench_end : end) - END_BEFORE_S;
	if (now + PGBENCH_TICK_S < last || last < now + MOVE_MIN_S)
		return 0;
	p->ended = true;
	return last;
}

/* The target's I/O can be counted (else io_figures_set() says why not). */
static bool io_on(const struct workload_env *e)
{
	return e->io && e->io->dev[IO_TARGET].stat[0] && !e->io->dev[IO_TARGET].why[0];
}

void pgbench_counters_figures(const struct pgbench_counters *p,
			      const struct pgbench_log_summary *w, struct measurement_out *m)
{
	static const char few[] = "fewer than two of the runner's readings (a second apart) "
		"fell in the measured window";
	struct cpu_work cpu = { .unit = &cpu_unit_tx, .sides = SIDES, .unread = !p->cpu_on };
	struct io_work io = { .unit = &cpu_unit_tx };
	struct wal_work wal = { .unit = &cpu_unit_tx };

	if (!w->marked) {
		if (p->cpu_on)
			cpu_figures_none(m, &cpu_unit_tx, few);
		else
			cpu_figures_set(p->e, m, &cpu);
		if (io_on(p->e))
			io_figures_none(m, &cpu_unit_tx, few);
		else
			io_figures_set(p->e, m, &io);
		wal_figures_none(m, &cpu_unit_tx, p->wal_why[0] ? p->wal_why : few);
		return;
	}
	const struct pgbench_reading *a = &p->readings[w->mark_from];
	const struct pgbench_reading *b = &p->readings[w->mark_to];
	if (p->cpu_on)
		cpu_work_add(&cpu, &a->cpu, &b->cpu);
	cpu.units = io.units = wal.units = w->marked_transactions;
	io_work_add(&io, &a->io, &b->io);
	wal_work_add(&wal, a->wal, b->wal, p->wal_why);
	cpu_figures_set(p->e, m, &cpu);
	io_figures_set(p->e, m, &io);
	wal_figures_set(m, &wal);
}
