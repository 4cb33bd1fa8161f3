/* SPDX-License-Identifier: GPL-2.0-only */
/* monitor_row.c: one second of system figures from two samples; its CSV. */
#include "bench/monitor/monitor_row.h"

#include <math.h>
#include <stdio.h>

#define DISK_COLUMNS(dev) \
	"disk_" dev "_r_iops", "disk_" dev "_w_iops", "disk_" dev "_r_mb_s", \
	"disk_" dev "_w_mb_s", "disk_" dev "_queue_depth", "disk_" dev "_await_ms", \
	"disk_" dev "_util_pct"

const char *const monitor_columns[MON_N_COLUMNS] = {
	"t_s",
	"cpu_user_pct", "cpu_system_pct", "cpu_iowait_pct", "cpu_irq_pct",
	"cpu_softirq_pct", "cpu_steal_pct", "cpu_idle_pct",
	"ctxt_per_s", "intr_per_s",
	"pgfault_per_s", "pgmajfault_per_s", "pgscan_per_s", "pgsteal_per_s",
	"pswpin_per_s", "pswpout_per_s", "thp_fault_alloc_per_s",
	"thp_collapse_alloc_per_s",
	DISK_COLUMNS("target"),
	DISK_COLUMNS("wal"),
	"psi_cpu_some_avg10", "psi_cpu_full_avg10", "psi_io_some_avg10",
	"psi_io_full_avg10", "psi_memory_some_avg10", "psi_memory_full_avg10",
	"cpu_mhz",
};

/* b - a; NAN if the counter went back (a wrap, a reset). */
static double delta(unsigned long long a, unsigned long long b)
{
	return b >= a ? (double)(b - a) : NAN;
}

static void cpu_columns(const struct stat_counters *a, const struct stat_counters *b,
			double *row)
{
	static const struct { int column, field, field2; } shares[] = {
		{ MON_CPU_USER, CPU_USER, CPU_NICE },
		{ MON_CPU_SYSTEM, CPU_SYSTEM, -1 },
		{ MON_CPU_IOWAIT, CPU_IOWAIT, -1 },
		{ MON_CPU_IRQ, CPU_IRQ, -1 },
		{ MON_CPU_SOFTIRQ, CPU_SOFTIRQ, -1 },
		{ MON_CPU_STEAL, CPU_STEAL, -1 },
		{ MON_CPU_IDLE, CPU_IDLE, -1 },
	};
	int n = a->n_cpu < b->n_cpu ? a->n_cpu : b->n_cpu;
	double d[CPU_N_FIELDS], total = 0;

	for (int i = 0; i < n; i++)
		total += d[i] = delta(a->cpu[i], b->cpu[i]);
	for (size_t i = 0; i < sizeof(shares) / sizeof(shares[0]); i++) {
		int f = shares[i].field, f2 = shares[i].field2;
		double part = f < n ? d[f] + (f2 >= 0 ? d[f2] : 0) : NAN;
		row[shares[i].column] = total > 0 ? 100.0 * part / total : NAN;
	}
}

static double rate(bool has_a, unsigned long long a, bool has_b,
		   unsigned long long b, double dt)
{
	return has_a && has_b && dt > 0 ? delta(a, b) / dt : NAN;
}

static void disk_columns(const struct disk_counters *a, const struct disk_counters *b,
			 double dt, double *col)
{
	/* /proc/diskstats counts 512-byte sectors whatever the device's. */
	col[DISK_R_IOPS] = delta(a->reads, b->reads) / dt;
	col[DISK_W_IOPS] = delta(a->writes, b->writes) / dt;
	col[DISK_R_MB_S] = delta(a->read_sectors, b->read_sectors) * 512 / 1e6 / dt;
	col[DISK_W_MB_S] = delta(a->write_sectors, b->write_sectors) * 512 / 1e6 / dt;
	if (!a->has_times || !b->has_times)
		return;
	double ios = delta(a->reads, b->reads) + delta(a->writes, b->writes);
	double util = 100.0 * delta(a->io_ms, b->io_ms) / (dt * 1000.0);
	col[DISK_QUEUE_DEPTH] = delta(a->weighted_ms, b->weighted_ms) / (dt * 1000.0);
	col[DISK_AWAIT_MS] = ios > 0 ?
		(delta(a->read_ms, b->read_ms) + delta(a->write_ms, b->write_ms)) / ios : NAN;
	col[DISK_UTIL_PCT] = util > 100 ? 100 : util;
}

void monitor_row(const struct monitor_sample *a, const struct monitor_sample *b,
		 double t_s, double row[MON_N_COLUMNS])
{
	double dt = b->t - a->t;

	for (int i = 0; i < MON_N_COLUMNS; i++)
		row[i] = NAN;
	row[MON_T_S] = t_s;
	if (dt <= 0)
		return;
	cpu_columns(&a->stat, &b->stat, row);
	row[MON_CTXT] = rate(a->stat.has_ctxt, a->stat.ctxt, b->stat.has_ctxt,
			     b->stat.ctxt, dt);
	row[MON_INTR] = rate(a->stat.has_intr, a->stat.intr, b->stat.has_intr,
			     b->stat.intr, dt);
	for (int i = 0; i < VM_N_COUNTERS; i++)
		row[MON_PGFAULT + i] = rate(a->vm.has[i], a->vm.v[i], b->vm.has[i],
					    b->vm.v[i], dt);
	for (int d = 0; d < MONITOR_DEVICES; d++)
		if (a->has_disk[d] && b->has_disk[d])
			disk_columns(&a->disk[d], &b->disk[d], dt,
				     &row[d == 0 ? MON_TARGET : MON_WAL]);
	for (int r = 0; r < PSI_N_RESOURCES; r++) {
		const struct psi_values *p = &b->psi[r];
		if (p->has_some)
			row[MON_PSI_CPU_SOME + 2 * r] = p->some_avg10;
		if (p->has_full)
			row[MON_PSI_CPU_FULL + 2 * r] = p->full_avg10;
	}
	if (b->has_cpu_mhz)
		row[MON_CPU_MHZ] = b->cpu_mhz;
}

size_t monitor_csv_header(char *buf, size_t len)
{
	size_t used = 0;

	for (int i = 0; i < MON_N_COLUMNS; i++) {
		int n = snprintf(buf + used, len - used, "%s%s", monitor_columns[i],
				 i + 1 < MON_N_COLUMNS ? "," : "\n");
		if (n < 0 || (size_t)n >= len - used)
			return 0;
		used += (size_t)n;
	}
	return used;
}

size_t monitor_csv_row(const double row[MON_N_COLUMNS], char *buf, size_t len)
{
	size_t used = 0;

	for (int i = 0; i < MON_N_COLUMNS; i++) {
		const char *sep = i + 1 < MON_N_COLUMNS ? "," : "\n";
		int n = isfinite(row[i]) ?
			snprintf(buf + used, len - used, "%.3f%s", row[i], sep) :
			snprintf(buf + used, len - used, "%s", sep);
		if (n < 0 || (size_t)n >= len - used)
			return 0;
		used += (size_t)n;
	}
	return used;
}
