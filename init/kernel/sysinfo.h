/* SPDX-License-Identifier: GPL-2.0-only */
/* sysinfo.h: the machine a run ran on: kernel, CPU, memory. */
#ifndef BOOTBENCH_SYSINFO_H
#define BOOTBENCH_SYSINFO_H

#include <stddef.h>

#include "init/kernel/kfacts.h"

struct machine {
	char release[65];		/* uname -r */
	char version[65];		/* uname -v */
	char arch[65];			/* uname -m */
	char cpu_model[128];
	int cpu_count;			/* online CPUs */
	long long mem_total_kib;	/* MemTotal, -1 if unknown */
};

/* Kernel, CPU and memory facts into m, the kernel's settings into k
 * (kfacts.h); each said on the console. */
void sysinfo_collect(struct machine *m, struct kernel_facts *k);

/* Parsers of /proc and sysfs text (pure). */
void cpuinfo_model(const char *cpuinfo, char *out, size_t size);

#endif
