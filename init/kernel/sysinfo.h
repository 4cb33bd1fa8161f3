/* SPDX-License-Identifier: GPL-2.0-only */
/* sysinfo.h: the machine a run ran on: kernel, CPU, memory, disks. */
#ifndef BOOTBENCH_SYSINFO_H
#define BOOTBENCH_SYSINFO_H

#include <stdbool.h>
#include <stddef.h>

#include "init/disks/blockdev.h"
#include "init/kernel/kfacts.h"

struct machine {
	char release[65];		/* uname -r */
	char version[65];		/* uname -v */
	char arch[65];			/* uname -m */
	char cpu_model[128];
	int cpu_count;			/* online CPUs */
	long long mem_total_kib;	/* MemTotal, -1 if unknown */
};

struct disk_facts {
	char spec[DEVSPEC_MAX + 16];	/* as given on the command line */
	char device[64];		/* /dev/vdb1 */
	char disk[32];			/* vdb */
	bool partition;
	char model[128];		/* "" if the disk has none (virtio) */
	char vendor[64];
	unsigned long long size_bytes;	/* of the device itself */
	int rotational;			/* 1, 0, or -1 if unknown */
	char scheduler[32];		/* active I/O scheduler of the disk */
	char partlabel[128], partuuid[64], label[128], fstype[32];
};

/* Kernel, CPU and memory facts into m, the kernel's settings into k
 * (kfacts.h); each said on the console. */
void sysinfo_collect(struct machine *m, struct kernel_facts *k);

/* Facts of device d (named by spec) from sysfs. */
void sysinfo_disk(const struct blockdev *d, const char *spec, struct disk_facts *out);

/* Parsers of /proc and sysfs text (pure). */
void cpuinfo_model(const char *cpuinfo, char *out, size_t size);
long long meminfo_kib(const char *meminfo, const char *field);

#endif
