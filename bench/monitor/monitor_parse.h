/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * monitor_parse.h: the counters of the per-second monitor (monitor.h),
 * parsed from the text of /proc/stat, /proc/vmstat, /proc/diskstats,
 * /proc/pressure/<resource> and cpufreq's scaling_cur_freq.  A field that
 * an older kernel does not write is marked absent, never read as zero.
 */
#ifndef BOOTBENCH_MONITOR_PARSE_H
#define BOOTBENCH_MONITOR_PARSE_H

#include <stdbool.h>

/* The fields of the "cpu " line of /proc/stat, in this order (ticks). */
enum stat_cpu_field {
	CPU_USER, CPU_NICE, CPU_SYSTEM, CPU_IDLE, CPU_IOWAIT, CPU_IRQ,
	CPU_SOFTIRQ, CPU_STEAL, CPU_N_FIELDS
};

struct stat_counters {
	unsigned long long cpu[CPU_N_FIELDS];
	int n_cpu;                     /* fields present: 4 (2.4) to 8 (2.6.11+) */
	unsigned long long ctxt, intr; /* context switches, interrupts since boot */
	bool has_ctxt, has_intr;
};

/* The counters of /proc/vmstat the monitor keeps. */
enum vm_counter {
	VM_PGFAULT, VM_PGMAJFAULT,
	VM_PGSCAN,     /* pgscan_kswapd*, pgscan_direct* (not _throttle), pgscan_khugepaged */
	VM_PGSTEAL,    /* pgsteal_kswapd*, pgsteal_direct*, pgsteal_khugepaged */
	VM_PSWPIN, VM_PSWPOUT, VM_THP_FAULT_ALLOC, VM_THP_COLLAPSE_ALLOC,
	VM_N_COUNTERS
};

struct vm_counters {
	unsigned long long v[VM_N_COUNTERS];
	bool has[VM_N_COUNTERS];
};

/* One device's line of /proc/diskstats. */
struct disk_counters {
	unsigned long long reads, read_sectors, read_ms;
	unsigned long long writes, write_sectors, write_ms;
	unsigned long long io_ms, weighted_ms;
	bool has_times;                /* false: the 4-field partition line of
					  kernels before 2.6.25 (no times) */
};

/* One resource's /proc/pressure file, avg10 in percent. */
struct psi_values {
	double some_avg10, full_avg10;
	bool has_some, has_full;       /* "full" of cpu came with 5.13 */
};

/* Each returns false if text is not what the file should hold (nothing
 * it knows in it); the counters are then all absent. */
bool stat_parse(const char *text, struct stat_counters *s);
bool vmstat_parse(const char *text, struct vm_counters *v);
/* False also when device has no line. */
bool diskstats_parse(const char *text, const char *device, struct disk_counters *d);
bool psi_parse(const char *text, struct psi_values *p);
/* scaling_cur_freq (kHz) in MHz. */
bool cpufreq_parse(const char *text, double *mhz);

#endif
