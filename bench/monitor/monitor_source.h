/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * monitor_source.h: the files the per-second monitor reads, opened once
 * per measurement and read with pread() each second: /proc/stat,
 * /proc/vmstat, /proc/diskstats, /proc/pressure/{cpu,io,memory} and cpu0's
 * scaling_cur_freq.  A file that is missing or does not hold what it
 * should is warned about once per run and left out: its columns stay
 * empty.  A missing cpufreq (a VM, a fixed clock) is no warning.
 */
#ifndef BOOTBENCH_MONITOR_SOURCE_H
#define BOOTBENCH_MONITOR_SOURCE_H

#include <limits.h>
#include <stddef.h>

#include "bench/monitor/monitor_row.h"

enum monitor_source_id {
	SRC_STAT, SRC_VMSTAT, SRC_DISKSTATS, SRC_PSI_CPU, SRC_PSI_IO,
	SRC_PSI_MEMORY, SRC_CPUFREQ, SRC_N
};

/* Where the files are: /proc and cpu0's scaling_cur_freq (tests use others). */
struct monitor_paths {
	const char *proc;
	const char *cpufreq;
};

#define MONITOR_PROC_PATHS { "/proc", \
	"/sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq" }

struct monitor_sources {
	int fd[SRC_N];                 /* -1: left out */
	char path[SRC_N][PATH_MAX];
	const char *device[MONITOR_DEVICES];   /* kernel names; NULL: none */
	char *buf;                     /* what was read last */
	size_t cap;
};

/* What monitor_sources_open() has warned about this run: one bit per
 * source, then one per device. */
typedef unsigned monitor_warned;

/*
 * Open the files and take the first sample.  devices[] are the kernel
 * names of the target and the WAL device (NULL: none).  Returns 0, or -1
 * with errno set if not even a buffer could be had; a file left out is
 * no error.
 */
int monitor_sources_open(struct monitor_sources *s, const struct monitor_paths *p,
			 const char *const devices[MONITOR_DEVICES],
			 monitor_warned *warned, struct monitor_sample *first);

/* Read every file still open into out (t included); what cannot be read
 * or parsed is absent.  Returns the bits of the sources that failed. */
unsigned monitor_sources_read(struct monitor_sources *s, struct monitor_sample *out);

void monitor_sources_close(struct monitor_sources *s);

#endif
