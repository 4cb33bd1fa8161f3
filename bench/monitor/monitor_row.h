/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * monitor_row.h: one row of series/<id>.sys.csv -- what the machine did
 * in one second of a measurement, derived from two samples of the
 * counters (monitor_parse.h) -- and its CSV form.  The columns and their
 * order are doc/monitors.md's; a value the kernel does not give is NAN,
 * an empty field in the CSV.
 */
#ifndef BOOTBENCH_MONITOR_ROW_H
#define BOOTBENCH_MONITOR_ROW_H

#include <stdbool.h>
#include <stddef.h>

#include "bench/monitor/monitor_parse.h"

/* The columns of one device, from its first (DISK_R_IOPS). */
enum disk_column {
	DISK_R_IOPS, DISK_W_IOPS, DISK_R_MB_S, DISK_W_MB_S, DISK_QUEUE_DEPTH,
	DISK_AWAIT_MS, DISK_UTIL_PCT, DISK_N_COLUMNS
};

enum monitor_column {
	MON_T_S,
	MON_CPU_USER, MON_CPU_SYSTEM, MON_CPU_IOWAIT, MON_CPU_IRQ, MON_CPU_SOFTIRQ,
	MON_CPU_STEAL, MON_CPU_IDLE,
	MON_CTXT, MON_INTR,
	MON_PGFAULT,    /* then each vm_counter in its order */
	MON_TARGET = MON_PGFAULT + VM_N_COUNTERS,
	MON_WAL = MON_TARGET + DISK_N_COLUMNS,
	MON_PSI_CPU_SOME = MON_WAL + DISK_N_COLUMNS, MON_PSI_CPU_FULL,
	MON_PSI_IO_SOME, MON_PSI_IO_FULL, MON_PSI_MEMORY_SOME, MON_PSI_MEMORY_FULL,
	MON_CPU_MHZ,
	MON_N_COLUMNS
};

/* The /proc/pressure resources, in the order of their columns. */
enum psi_resource { PSI_CPU, PSI_IO, PSI_MEMORY, PSI_N_RESOURCES };

/* The devices watched: the target, the WAL device. */
#define MONITOR_DEVICES 2

/* Everything read at one moment; has_*: the source said it. */
struct monitor_sample {
	double t;                      /* clock_now() when read */
	struct stat_counters stat;
	struct vm_counters vm;
	struct disk_counters disk[MONITOR_DEVICES];
	bool has_disk[MONITOR_DEVICES];
	struct psi_values psi[PSI_N_RESOURCES];
	double cpu_mhz;
	bool has_cpu_mhz;
};

/* The column names, "t_s", "cpu_user_pct", ... */
extern const char *const monitor_columns[MON_N_COLUMNS];

/* The row for the interval from a to b, which ends t_s seconds into the
 * measurement: rates per second of b->t - a->t, CPU shares of the time
 * counted, and the gauges (PSI, MHz) as b read them. */
void monitor_row(const struct monitor_sample *a, const struct monitor_sample *b,
		 double t_s, double row[MON_N_COLUMNS]);

/* The header line and a row as CSV lines with their '\n', into buf.
 * Return the length, or 0 if buf is too small. */
size_t monitor_csv_header(char *buf, size_t len);
size_t monitor_csv_row(const double row[MON_N_COLUMNS], char *buf, size_t len);

/* A row's CSV line may be this long at most. */
#define MONITOR_CSV_LINE_MAX 2048

#endif
