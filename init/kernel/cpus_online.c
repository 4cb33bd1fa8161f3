/* SPDX-License-Identifier: GPL-2.0-only */
/* cpus_online.c: bring every present CPU online (cpus_online.h). */
#include "init/kernel/cpus_online.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/sysfs.h"
#include "init/console.h"
#include "init/files.h"
#include "init/str.h"

#define CPUS_MAX 1024

int cpu_list_parse(const char *text, unsigned char *set, int max)
{
	const char *p = text;

	memset(set, 0, (size_t)max);
	while (*p && *p != '\n') {
		char *end;
		long lo = strtol(p, &end, 10), hi = lo;

		if (end == p || lo < 0 || lo >= max)
			return -1;
		p = end;
		if (*p == '-') {
			hi = strtol(p + 1, &end, 10);
			if (end == p + 1 || hi < lo || hi >= max)
				return -1;
			p = end;
		}
		for (long i = lo; i <= hi; i++)
			set[i] = 1;
		if (*p == ',')
			p++;
		else if (*p && *p != '\n')
			return -1;
	}
	return 0;
}

/* The CPU list of file name under cpus into set; -1 after fail(). */
static int read_set(const char *cpus, const char *name, unsigned char *set)
{
	char path[PATH_MAX], text[256];

	if (str_printf(path, sizeof path, "%s/%s", cpus, name) < 0 || sysfs_read(path, text, sizeof text) < 0)
		return fail("could not read \"%s/%s\":", cpus, name);
	if (cpu_list_parse(text, set, CPUS_MAX) < 0)
		return fail("\"%s/%s\" is not a list of CPUs: %s", cpus, name, text);
	return 0;
}

int cpus_online_all(const char *cpus)
{
	static unsigned char present[CPUS_MAX], online[CPUS_MAX];
	int count = 0, brought = 0;

	if (read_set(cpus, "present", present) < 0 || read_set(cpus, "online", online) < 0)
		return -1;
	for (int i = 0; i < CPUS_MAX; i++) {
		char path[PATH_MAX];

		if (!present[i])
			continue;
		if (!online[i]) {
			if (str_printf(path, sizeof path, "%s/cpu%d/online", cpus, i) < 0 ||
			    sysfs_write(path, "1\n") < 0)
				return fail("could not bring CPU %d online (\"%s/cpu%d/online\"):", i, cpus, i);
			brought++;
		}
		count++;
	}
	note("bootbench.online-cpus=1: %d CPUs online, %d brought online by the init", count, brought);
	return count;
}

void cpus_online_count(const char *cpus, int *count)
{
	int n = cpus_online_all(cpus);

	if (n > 0)
		*count = n;
}
