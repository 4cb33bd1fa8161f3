/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sysstat.h: what the machine did during a measurement -- CPU time shares
 * from /proc/stat and the target's I/O from /proc/diskstats -- and the
 * facts the validity warnings need (MemTotal, the CPU frequency governor).
 */
#ifndef BOOTBENCH_SYSSTAT_H
#define BOOTBENCH_SYSSTAT_H

#include <stdbool.h>

/* The "cpu" line of /proc/stat, in clock ticks. */
struct cpu_sample {
	unsigned long long user, nice, system, idle, iowait, irq, softirq, steal;
};

/* Shares of the CPU time between two samples, in percent (sum 100). */
struct cpu_shares {
	double user, system, iowait, idle, other;
};

/* One device's line of /proc/diskstats. */
struct disk_sample {
	unsigned long long reads, read_sectors, writes, write_sectors, io_ms;
};

struct disk_delta {
	unsigned long long read_bytes, write_bytes, reads, writes;
	double busy_pct;
};

/* Read the samples from the given files (/proc/stat, /proc/diskstats).
 * 0, or -1 with errno set (ENOENT: no such line or device). */
int cpu_sample_read(const char *path, struct cpu_sample *s);
int disk_sample_read(const char *path, const char *device, struct disk_sample *s);

/* Parse one line; false if it is not the line wanted. */
bool cpu_sample_parse(const char *line, struct cpu_sample *s);
bool disk_sample_parse(const char *line, const char *device, struct disk_sample *s);

void cpu_shares_between(const struct cpu_sample *a, const struct cpu_sample *b,
			struct cpu_shares *out);
void disk_delta_between(const struct disk_sample *a, const struct disk_sample *b,
			double seconds, struct disk_delta *out);

/* MemTotal from /proc/meminfo in bytes; 0 if unknown. */
long long mem_total_bytes(const char *path);

/* cpu0's scaling governor into buf; false if the kernel does not say. */
bool cpu_governor(const char *path, char *buf, unsigned len);

#endif
