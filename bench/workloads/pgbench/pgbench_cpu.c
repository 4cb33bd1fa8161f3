/* SPDX-License-Identifier: GPL-2.0-only */
/* pgbench_cpu.c: CPU time per transaction of a pgbench run's window (pgbench_cpu.h). */
#include "bench/workloads/pgbench/pgbench_cpu.h"
#include "common/clock.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define US_PER_S 1000000.0
/* A window's start nearer than this is not waited for: the next tick
 * reads in it anyway. */
#define MOVE_MIN_S 0.01

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

void pgbench_cpu_begin(struct pgbench_cpu *p, const struct workload_env *e)
{
	memset(p, 0, sizeof(*p));
	p->e = e;
	p->on = e->cgroups && e->cgroups->ok;
	p->shift_us = epoch_shift_us();
}

void pgbench_cpu_end(struct pgbench_cpu *p)
{
	free(p->readings);
	p->readings = NULL;
	p->n = p->cap = 0;
}

double pgbench_cpu_tick(struct pgbench_cpu *p, struct pgbench_log *l)
{
	if (!p->on)
		return 0;
	if (p->n == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 64;
		struct cpu_reading *r = realloc(p->readings, cap * sizeof(*r));
		if (!r)
			return 0;
		p->readings = r;
		p->cap = cap;
	}
	struct cpu_reading *r = &p->readings[p->n];
	cpu_read(p->e, SIDES, r);
	if (pgbench_log_mark(l, llround(r->at * US_PER_S) + p->shift_us) < 0)
		return 0;
	p->n++;
	if (p->moved || !l->window_set || l->cfg.per_second)
		return 0;
	double start = (double)(l->window_start_us - p->shift_us) / US_PER_S;
	if (start < clock_now() + MOVE_MIN_S)
		return 0;
	p->moved = true;
	return start;
}

void pgbench_cpu_figures(const struct pgbench_cpu *p, const struct pgbench_log_summary *w,
			 struct measurement_out *m)
{
	struct cpu_work work = { .unit = &cpu_unit_tx, .sides = SIDES };

	if (!p->on) {
		work.unread = true;
	} else if (!w->marked) {
		cpu_figures_none(m, &cpu_unit_tx, "fewer than two of the runner's readings "
				 "(a second apart) fell in the measured window");
		return;
	} else {
		cpu_work_add(&work, &p->readings[w->mark_from], &p->readings[w->mark_to]);
		work.units = w->marked_transactions;
	}
	cpu_figures_set(p->e, m, &work);
}
