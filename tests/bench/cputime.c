/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CPU time per unit of work: a cgroup's cpu.stat read, where cgroup2 is
 * mounted and which cgroup a process is in (mountinfo, /proc/self/cgroup),
 * this process's own time, and the metrics and facts made of a stretch's
 * time (with and without the instructions clock), against figures worked
 * out by hand.
 */
#include "bench/os/cgroup.h"
#include "bench/os/cputime.h"
#include "bench/workloads/cpu_figures.h"
#include "tap.h"

#include <stdlib.h>

static void parse(void)
{
	struct cputime t;

	ok(cputime_parse("usage_usec 1500\nuser_usec 1000\nsystem_usec 500\n"
			 "core_sched.force_idle_usec 0\nnr_periods 0\n", &t) == 0 &&
	   t.usage_us == 1500 && t.user_us == 1000 && t.system_us == 500,
	   "cpu.stat: usage, user and system microseconds");
	ok(cputime_parse("nr_periods 0\nsystem_usec 7\nuser_usec 8\nusage_usec 15", &t) == 0 &&
	   t.usage_us == 15 && t.user_us == 8 && t.system_us == 7,
	   "in any order, the last line without its newline");
	ok(cputime_parse("usage_usec 1\nuser_usec 1\n", &t) < 0, "system_usec missing: refused");
	ok(cputime_parse("usage_usec x\nuser_usec 1\nsystem_usec 1\n", &t) < 0,
	   "not a number: refused");
	ok(cputime_parse("usage_usec 12a\nuser_usec 1\nsystem_usec 1\n", &t) < 0,
	   "a number with more after it: refused");
	ok(cputime_parse("my_usage_usec 5\nuser_usec 1\nsystem_usec 1\n", &t) < 0,
	   "a name that only ends like one: not it");
	ok(cputime_parse("", &t) < 0, "nothing: refused");

	struct cputime a = { 100, 60, 40 }, b = { 350, 200, 150 };
	struct cputime d = cputime_sub(&b, &a), s = cputime_add(&a, &b);
	ok(d.usage_us == 250 && d.user_us == 140 && d.system_us == 110, "b - a");
	ok(s.usage_us == 450 && s.user_us == 260 && s.system_us == 190, "a + b");

	struct cputime self0, self1;
	volatile double x = 0;
	ok(cputime_self(&self0) == 0, "this process's own time");
	for (long i = 0; i < 20000000; i++)
		x += (double)i;
	int rc = cputime_self(&self1);
	ok(rc == 0 && self1.usage_us > self0.usage_us &&
	   self1.usage_us == self1.user_us + self1.system_us,
	   "it grows with work, the sum of user and system (%lld us)",
	   self1.usage_us - self0.usage_us);
}

static void mounts(void)
{
	static const char mountinfo[] =
		"22 28 0:21 / /proc rw,nosuid,nodev,noexec,relatime shared:12 - proc proc rw\n"
		"26 23 0:24 / /sys/fs/cgroup/unified rw,nosuid shared:6 - cgroup2x cgroup2 rw\n"
		"27 23 0:25 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:5 - cgroup2 "
		"cgroup2 rw,nsdelegate\n";
	static const char spaced[] =
		"30 23 0:25 / /mnt/my\\040cgroups rw - cgroup2 none rw";
	char buf[64];

	ok(cgroup2_mount_point(mountinfo, buf, sizeof(buf)) == 0 &&
	   strcmp(buf, "/sys/fs/cgroup") == 0,
	   "mountinfo: cgroup2 on /sys/fs/cgroup, not the cgroup2x before it (%s)", buf);
	ok(cgroup2_mount_point(spaced, buf, sizeof(buf)) == 0 &&
	   strcmp(buf, "/mnt/my cgroups") == 0, "a mount point with a space, unescaped (%s)", buf);
	ok(cgroup2_mount_point(mountinfo, buf, 8) < 0, "a mount point longer than the buffer");
	ok(cgroup2_mount_point("22 28 0:21 / /proc rw - proc proc rw\n", buf, sizeof(buf)) < 0,
	   "no cgroup2: none");

	ok(cgroup2_own_path("12:cpu,cpuacct:/x\n0::/user.slice/session-1.scope\n", buf,
			    sizeof(buf)) == 0 && strcmp(buf, "/user.slice/session-1.scope") == 0,
	   "/proc/self/cgroup: the 0:: line (%s)", buf);
	ok(cgroup2_own_path("0::/\n", buf, sizeof(buf)) == 0 && strcmp(buf, "/") == 0,
	   "the root");
	ok(cgroup2_own_path("1:name=systemd:/init.scope\n", buf, sizeof(buf)) < 0,
	   "cgroup v1 only: none");
}

/* A stretch of 10 transactions: the server took 1000 us (600 user), the
 * client 500 (300 user). */
static void figures(void)
{
	struct workload_env e = { .icount_shift = -1 };
	struct measurement_out m;
	struct cpu_reading a = { .at = 10, .sides = CPU_SERVER | CPU_CLIENT,
				 .server = { 5000, 3000, 2000 }, .client = { 100, 50, 50 } };
	struct cpu_reading b = { .at = 12.5, .sides = CPU_SERVER | CPU_CLIENT,
				 .server = { 6000, 3600, 2400 }, .client = { 600, 350, 250 } };
	struct cpu_work w = { .unit = &cpu_unit_tx, .sides = CPU_SERVER | CPU_CLIENT };

	cpu_work_add(&w, &a, &b);
	w.units = 10;
	memset(&m, 0, sizeof(m));
	cpu_figures_set(&e, &m, &w);
	is_num(w.seconds, 2.5, "the stretch: 2.5 s");
	is_num(metric_get(&m, "cpu_per_tx_us"), 150, "cpu_per_tx_us: 1500 us / 10");
	is_num(metric_get(&m, "cpu_user_per_tx_us"), 90, "cpu_user_per_tx_us: 900 / 10");
	is_num(metric_get(&m, "cpu_kernel_per_tx_us"), 60, "cpu_kernel_per_tx_us: 600 / 10");
	is_num(metric_get(&m, "cpu_server_per_tx_us"), 100, "cpu_server_per_tx_us: 1000 / 10");
	is_num(metric_get(&m, "cpu_client_per_tx_us"), 50, "cpu_client_per_tx_us: 500 / 10");
	is_int(m.n_metrics, 5, "the host clock: no instruction figures");
	is_int(m.n_warnings, 0, "no warning");
	ok(m.n_facts == 8 && strcmp(m.facts[0].object, "cpu_time") == 0 &&
	   strcmp(m.facts[0].text, "transaction") == 0 && m.facts[1].value == 10 &&
	   strcmp(m.facts[3].key, "sides") == 0 && strcmp(m.facts[3].text, "server,client") == 0,
	   "the fact cpu_time: the unit, the units, the seconds, the sides, each side's time");

	/* 2^3 ns an instruction: 1500 us is 187500 instructions */
	e.icount_shift = 3;
	memset(&m, 0, sizeof(m));
	cpu_figures_set(&e, &m, &w);
	is_num(metric_get(&m, "instructions_per_tx"), 18750, "instructions_per_tx: 1500 us / 8 ns / 10");
	is_num(metric_get(&m, "user_instructions_per_tx"), 11250, "user_instructions_per_tx");
	is_num(metric_get(&m, "kernel_instructions_per_tx"), 7500, "kernel_instructions_per_tx");
	is_num(metric_get(&m, "server_instructions_per_tx"), 12500, "server_instructions_per_tx");
	is_num(metric_get(&m, "client_instructions_per_tx"), 6250, "client_instructions_per_tx");
	is_int(m.n_metrics, 10, "ten figures under the instructions clock");

	/* One side, the runner: no split; a unit of its own. */
	struct cpu_work r = { .unit = &cpu_unit_mb, .sides = CPU_RUNNER, .units = 4,
			      .seconds = 1, .client = { 800, 200, 600 } };
	e.icount_shift = -1;
	memset(&m, 0, sizeof(m));
	cpu_figures_set(&e, &m, &r);
	ok(m.n_metrics == 3 && metric_get(&m, "cpu_per_mb_us") == 200 &&
	   metric_get(&m, "cpu_kernel_per_mb_us") == 150,
	   "the runner alone, per MB: cpu_per_mb_us and its split, no sides");

	/* A reading without a side, no cgroups: the warning, and why. */
	struct cgroups none = { .ok = false, .why = "no cgroup2 filesystem is mounted" };
	struct cpu_reading c = { .at = 13, .sides = 0 };
	struct cpu_work u = { .unit = &cpu_unit_tx, .sides = CPU_SERVER | CPU_CLIENT, .units = 3 };
	e.cgroups = &none;
	cpu_work_add(&u, &a, &c);
	memset(&m, 0, sizeof(m));
	cpu_figures_set(&e, &m, &u);
	ok(m.n_metrics == 0 && m.n_warnings == 1 && strcmp(m.warnings[0].code, "no-cpu-time") == 0 &&
	   strcmp(m.warnings[0].message, "no CPU time per transaction: no cgroup2 filesystem "
		  "is mounted") == 0, "no cgroups: no figures, the warning says why (%s)",
	   m.n_warnings ? m.warnings[0].message : "");
	struct cpu_work z = { .unit = &cpu_unit_op, .sides = CPU_CLIENT, .seconds = 1 };
	memset(&m, 0, sizeof(m));
	cpu_figures_set(&e, &m, &z);
	ok(m.n_metrics == 0 && m.n_warnings == 1 &&
	   strstr(m.warnings[0].message, "per operation: no work was counted"),
	   "no units: no figures, a warning");
}

int main(void)
{
	parse();
	mounts();
	figures();
	return tap_done();
}
