/* SPDX-License-Identifier: GPL-2.0-only */
/* cpu_figures.c: CPU time per unit of a measurement's work (cpu_figures.h). */
#include "bench/workloads/cpu_figures.h"
#include "bench/os/cgroup.h"
#include "common/clock.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const struct cpu_unit cpu_unit_tx = { "tx", "transaction" };
const struct cpu_unit cpu_unit_mb = { "mb", "MB" };
const struct cpu_unit cpu_unit_op = { "op", "operation" };
const struct cpu_unit cpu_unit_sleep = { "sleep", "sleep" };

void cpu_read(const struct workload_env *e, unsigned sides, struct cpu_reading *r)
{
	double t0 = clock_now();

	memset(r, 0, sizeof(*r));
	if ((sides & (CPU_SERVER | CPU_CLIENT)) && e->cgroups && e->cgroups->ok &&
	    cgroups_read(e->cgroups, &r->server, &r->client) == 0)
		r->sides |= CPU_SERVER | CPU_CLIENT;
	if ((sides & CPU_RUNNER) && cputime_self(&r->runner) == 0)
		r->sides |= CPU_RUNNER;
	r->sides &= sides;
	r->at = (t0 + clock_now()) / 2;
}

void cpu_work_add(struct cpu_work *w, const struct cpu_reading *a,
		  const struct cpu_reading *b)
{
	if ((a->sides & w->sides) != w->sides || (b->sides & w->sides) != w->sides) {
		w->unread = true;
		return;
	}
	w->seconds += b->at - a->at;
	if (w->sides & CPU_SERVER) {
		struct cputime d = cputime_sub(&b->server, &a->server);
		w->server = cputime_add(&w->server, &d);
	}
	if (w->sides & CPU_CLIENT) {
		struct cputime d = cputime_sub(&b->client, &a->client);
		w->client = cputime_add(&w->client, &d);
	}
	if (w->sides & CPU_RUNNER) {
		struct cputime d = cputime_sub(&b->runner, &a->runner);
		w->client = cputime_add(&w->client, &d);
	}
}

void cpu_figures_none(struct measurement_out *m, const struct cpu_unit *unit,
		      const char *why)
{
	measure_warn(m, "no-cpu-time", "no CPU time per %s: %s", unit->name, why);
}

/* name_fmt with the unit in it: "cpu_per_%s_us" -> "cpu_per_tx_us". */
static void per_unit(struct measurement_out *m, const char *name_fmt,
		     const struct cpu_unit *u, double value)
{
	char name[48];

	snprintf(name, sizeof(name), name_fmt, u->metric);
	metric_set(m, name, value);
}

/* Which sides: "server,client", "server,runner", "client", "runner". */
static const char *sides_text(unsigned sides)
{
	const char *client = (sides & CPU_RUNNER) ? "runner" : "client";
	static char text[32];

	snprintf(text, sizeof(text), "%s%s%s", (sides & CPU_SERVER) ? "server" : "",
		 (sides & CPU_SERVER) && (sides & (CPU_CLIENT | CPU_RUNNER)) ? "," : "",
		 (sides & (CPU_CLIENT | CPU_RUNNER)) ? client : "");
	return text;
}

/* The instructions in us microseconds of virtual time at 2^shift ns each. */
static double instructions(double us, int shift)
{
	return us * 1000.0 / ldexp(1.0, shift);
}

void cpu_figures_set(const struct workload_env *e, struct measurement_out *m,
		     const struct cpu_work *w)
{
	const struct cpu_unit *u = w->unit;
	bool both = (w->sides & CPU_SERVER) && (w->sides & (CPU_CLIENT | CPU_RUNNER));
	struct cputime all = cputime_add(&w->server, &w->client);
	double n = w->units;

	if (w->unread) {
		bool cgroups = w->sides & (CPU_SERVER | CPU_CLIENT);
		cpu_figures_none(m, u, cgroups && e->cgroups && !e->cgroups->ok ?
				 e->cgroups->why : "a read of the CPU counters failed");
		return;
	}
	if (!(n > 0) || !(w->seconds > 0) || all.usage_us < 0) {
		cpu_figures_none(m, u, "no work was counted between the readings");
		return;
	}
	per_unit(m, "cpu_per_%s_us", u, (double)all.usage_us / n);
	per_unit(m, "cpu_user_per_%s_us", u, (double)all.user_us / n);
	per_unit(m, "cpu_kernel_per_%s_us", u, (double)all.system_us / n);
	if (both) {
		per_unit(m, "cpu_server_per_%s_us", u, (double)w->server.usage_us / n);
		per_unit(m, "cpu_client_per_%s_us", u, (double)w->client.usage_us / n);
	}
	if (e->icount_shift >= 0) {
		int s = e->icount_shift;
		per_unit(m, "instructions_per_%s", u, instructions((double)all.usage_us, s) / n);
		per_unit(m, "user_instructions_per_%s", u, instructions((double)all.user_us, s) / n);
		per_unit(m, "kernel_instructions_per_%s", u,
			 instructions((double)all.system_us, s) / n);
		if (both) {
			per_unit(m, "server_instructions_per_%s", u,
				 instructions((double)w->server.usage_us, s) / n);
			per_unit(m, "client_instructions_per_%s", u,
				 instructions((double)w->client.usage_us, s) / n);
		}
	}
	measure_fact_text(m, "cpu_time", "unit", u->name);
	measure_fact(m, "cpu_time", "units", n);
	measure_fact(m, "cpu_time", "seconds", w->seconds);
	measure_fact_text(m, "cpu_time", "sides", sides_text(w->sides));
	if (w->sides & CPU_SERVER) {
		measure_fact(m, "cpu_time", "server_user_us", (double)w->server.user_us);
		measure_fact(m, "cpu_time", "server_system_us", (double)w->server.system_us);
	}
	if (w->sides & (CPU_CLIENT | CPU_RUNNER)) {
		measure_fact(m, "cpu_time", "client_user_us", (double)w->client.user_us);
		measure_fact(m, "cpu_time", "client_system_us", (double)w->client.system_us);
	}
	if (e->icount_shift >= 0)
		measure_fact(m, "cpu_time", "icount_shift", e->icount_shift);
}
