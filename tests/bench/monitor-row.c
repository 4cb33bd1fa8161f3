/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bench/monitor/monitor_row.c and monitor_summary.c: one second of figures
 * from two samples (rates, CPU shares, await, queue depth), absent values
 * as empty CSV fields, and the mean and p99 of a sys.csv's columns.
 */
#include "bench/monitor/monitor_row.h"
#include "bench/monitor/monitor_summary.h"
#include "tap.h"

#include <stdlib.h>

static void columns(void)
{
	char header[MONITOR_CSV_LINE_MAX];
	bool named = true;

	for (int i = 0; i < MON_N_COLUMNS; i++)
		named &= monitor_columns[i] != NULL;
	ok(named, "every column has a name");
	ok(monitor_csv_header(header, sizeof(header)) > 0, "the header fits");
	ok(strncmp(header, "t_s,cpu_user_pct,cpu_system_pct,cpu_iowait_pct,", 47) == 0,
	   "it starts with t_s and the CPU shares");
	ok(strstr(header, ",pgmajfault_per_s,pgscan_per_s,pgsteal_per_s,pswpin_per_s,"
		  "pswpout_per_s,thp_fault_alloc_per_s,thp_collapse_alloc_per_s,"
		  "disk_target_r_iops,") != NULL, "vmstat's columns in the order of vm_counter");
	ok(strstr(header, ",disk_target_util_pct,disk_wal_r_iops,") != NULL,
	   "the WAL device's columns after the target's");
	ok(strstr(header, ",psi_memory_full_avg10,cpu_mhz\n") != NULL, "cpu_mhz last");
	ok(monitor_csv_header(header, 100) == 0, "a buffer too small: 0");
}

/* Two samples 2 s apart with known counters. */
static void samples(struct monitor_sample *a, struct monitor_sample *b)
{
	memset(a, 0, sizeof(*a));
	memset(b, 0, sizeof(*b));
	a->t = 100.0;
	b->t = 102.0;
	a->stat.n_cpu = b->stat.n_cpu = 8;
	/* 200 ticks: user 50 + nice 10, system 20, idle 100, iowait 10, irq 5, softirq 5 */
	unsigned long long d[CPU_N_FIELDS] = { 50, 10, 20, 100, 10, 5, 5, 0 };
	for (int i = 0; i < CPU_N_FIELDS; i++) {
		a->stat.cpu[i] = 1000 * (unsigned long long)i;
		b->stat.cpu[i] = a->stat.cpu[i] + d[i];
	}
	a->stat.has_ctxt = b->stat.has_ctxt = true;
	a->stat.ctxt = 5000;
	b->stat.ctxt = 9000;
	for (int i = 0; i < VM_N_COUNTERS; i++) {
		a->vm.has[i] = b->vm.has[i] = i != VM_THP_FAULT_ALLOC;
		a->vm.v[i] = 10;
		b->vm.v[i] = 10 + 2 * (unsigned long long)(i + 1);
	}
	a->has_disk[0] = b->has_disk[0] = true;
	a->disk[0] = (struct disk_counters){ 100, 1000, 50, 200, 4000, 150, 500, 900, true };
	b->disk[0] = (struct disk_counters){ 300, 21000, 450, 300, 6000, 350, 1500, 3900, true };
	b->psi[PSI_IO] = (struct psi_values){ 3.25, 1.5, true, true };
	b->psi[PSI_CPU] = (struct psi_values){ 7.5, 0, true, false };
	b->cpu_mhz = 2400;
	b->has_cpu_mhz = true;
}

static void row(void)
{
	struct monitor_sample a, b;
	double r[MON_N_COLUMNS];

	samples(&a, &b);
	monitor_row(&a, &b, 2.0, r);
	is_num(r[MON_T_S], 2.0, "t_s as given");
	is_num(r[MON_CPU_USER], 30, "user %% (user + nice: 60 of 200 ticks)");
	is_num(r[MON_CPU_SYSTEM], 10, "system %%");
	is_num(r[MON_CPU_IOWAIT], 5, "iowait %%");
	is_num(r[MON_CPU_IRQ], 2.5, "irq %%");
	is_num(r[MON_CPU_SOFTIRQ], 2.5, "softirq %%");
	is_num(r[MON_CPU_STEAL], 0, "steal %%");
	is_num(r[MON_CPU_IDLE], 50, "idle %%");
	is_num(r[MON_CTXT], 2000, "context switches per second (4000 in 2 s)");
	ok(isnan(r[MON_INTR]), "intr absent: NAN");
	is_num(r[MON_PGFAULT + VM_PGFAULT], 1, "pgfault per second");
	is_num(r[MON_PGFAULT + VM_PGMAJFAULT], 2, "pgmajfault per second");
	is_num(r[MON_PGFAULT + VM_THP_COLLAPSE_ALLOC], 8, "thp_collapse_alloc per second");
	ok(isnan(r[MON_PGFAULT + VM_THP_FAULT_ALLOC]), "a vmstat counter absent: NAN");
	is_num(r[MON_TARGET + DISK_R_IOPS], 100, "target reads per second");
	is_num(r[MON_TARGET + DISK_W_IOPS], 50, "target writes per second");
	is_num(r[MON_TARGET + DISK_R_MB_S], 20000 * 512 / 1e6 / 2, "target read MB/s (sectors of 512 B)");
	is_num(r[MON_TARGET + DISK_W_MB_S], 2000 * 512 / 1e6 / 2, "target write MB/s");
	is_num(r[MON_TARGET + DISK_QUEUE_DEPTH], 1.5, "queue depth: 3000 ms weighted in 2 s");
	is_num(r[MON_TARGET + DISK_AWAIT_MS], 2, "await: 600 ms for 300 requests");
	is_num(r[MON_TARGET + DISK_UTIL_PCT], 50, "util: 1000 ms busy in 2 s");
	ok(isnan(r[MON_WAL + DISK_R_IOPS]) && isnan(r[MON_WAL + DISK_UTIL_PCT]),
	   "no WAL device: its columns NAN");
	is_num(r[MON_PSI_IO_SOME], 3.25, "psi io some avg10");
	is_num(r[MON_PSI_IO_FULL], 1.5, "psi io full avg10");
	is_num(r[MON_PSI_CPU_SOME], 7.5, "psi cpu some avg10");
	ok(isnan(r[MON_PSI_CPU_FULL]) && isnan(r[MON_PSI_MEMORY_SOME]),
	   "psi cpu full and memory absent: NAN");
	is_num(r[MON_CPU_MHZ], 2400, "cpu MHz as the second sample read it");

	/* An older kernel: no steal, a partition line without times. */
	a.stat.n_cpu = 7;
	a.disk[0].has_times = false;
	b.disk[0].reads = a.disk[0].reads;
	b.disk[0].writes = a.disk[0].writes;
	monitor_row(&a, &b, 2.0, r);
	ok(isnan(r[MON_CPU_STEAL]), "no steal field: steal NAN");
	is_num(r[MON_CPU_USER], 30, "user %% of the fields both samples have");
	is_num(r[MON_TARGET + DISK_R_IOPS], 0, "no reads: 0 IOPS");
	ok(isnan(r[MON_TARGET + DISK_QUEUE_DEPTH]) && isnan(r[MON_TARGET + DISK_AWAIT_MS]) &&
	   isnan(r[MON_TARGET + DISK_UTIL_PCT]), "no times: queue depth, await, util NAN");
	a.disk[0].has_times = true;
	monitor_row(&a, &b, 2.0, r);
	ok(isnan(r[MON_TARGET + DISK_AWAIT_MS]), "no request completed: await NAN");

	/* A counter that went back (a wrap): no rate. */
	b.stat.ctxt = 1;
	monitor_row(&a, &b, 2.0, r);
	ok(isnan(r[MON_CTXT]), "a counter that went back: NAN");
	b.t = a.t;
	monitor_row(&a, &b, 0, r);
	ok(isnan(r[MON_CPU_USER]) && r[MON_T_S] == 0, "no time between: only t_s");
}

static void csv_row(void)
{
	double r[MON_N_COLUMNS];
	char line[MONITOR_CSV_LINE_MAX], want[MONITOR_CSV_LINE_MAX] = "1.002,12.500,,";
	size_t commas = 0;

	for (int i = 0; i < MON_N_COLUMNS; i++)
		r[i] = NAN;
	r[MON_T_S] = 1.0021;
	r[MON_CPU_USER] = 12.5;
	r[MON_CPU_MHZ] = 2400;
	size_t len = monitor_csv_row(r, line, sizeof(line));
	ok(len == strlen(line) && line[len - 1] == '\n', "a row: one line");
	for (const char *p = line; *p; p++)
		commas += *p == ',';
	is_int((long long)commas, MON_N_COLUMNS - 1, "every column, the absent ones too");
	ok(strncmp(line, want, strlen(want)) == 0, "values with 3 decimals, absent ones empty");
	ok(len > 10 && strcmp(line + len - 10, ",2400.000\n") == 0, "the last column");
	ok(monitor_csv_row(r, line, 20) == 0, "a buffer too small: 0");
}

static void summary(void)
{
	struct monitor_summary s;
	char *csv = malloc(16384);
	size_t used;

	/* Columns in another order; 100 rows: iowait 1..100, ctxt empty
	 * in every odd row, psi absent from the header. */
	used = (size_t)sprintf(csv, "t_s,ctxt_per_s,cpu_iowait_pct,disk_target_r_mb_s\n");
	for (int i = 1; i <= 100; i++)
		used += (size_t)(i % 2 ? sprintf(csv + used, "%d.001,,%d.000,0.500\n", i, i)
				       : sprintf(csv + used, "%d.001,%d,%d.000,0.500\n", i, 10 * i, i));
	ok(monitor_summarise(csv, &s), "a sys.csv");
	is_int((long long)s.rows, 100, "100 rows");
	is_str(monitor_figures[0].name, "iowait_pct", "the first figure");
	is_int((long long)s.stat[0].n, 100, "iowait: 100 values");
	is_num(s.stat[0].mean, 50.5, "iowait mean");
	is_num(s.stat[0].p99, 99, "iowait p99 (nearest rank)");
	is_num(s.stat[1].mean, 0.5, "target read MB/s mean");
	is_int((long long)s.stat[8].n, 50, "ctxt: the 50 rows that have it");
	is_num(s.stat[8].mean, 510, "ctxt mean of 20, 40, ..., 1000");
	is_num(s.stat[8].p99, 1000, "ctxt p99");
	is_int((long long)s.stat[5].n, 0, "psi cpu: not in the header, not known");
	is_int((long long)s.stat[2].n, 0, "target write MB/s: not known");

	ok(monitor_summarise("t_s,cpu_iowait_pct\n", &s) && s.rows == 0 && s.stat[0].n == 0,
	   "a header without rows: nothing known");
	ok(monitor_summarise("t_s,cpu_iowait_pct\n1.0,3\n\n2.0,x\n3.0,5", &s) &&
	   s.rows == 3 && s.stat[0].n == 2, "an empty line and a bad value are skipped");
	is_num(s.stat[0].mean, 4, "the mean of what is left");
	ok(!monitor_summarise("", &s), "an empty file: no summary");
	ok(!monitor_summarise("1.0,2.0\n", &s), "no header: no summary");
	free(csv);
}

int main(void)
{
	columns();
	row();
	csv_row();
	summary();
	return tap_done();
}
