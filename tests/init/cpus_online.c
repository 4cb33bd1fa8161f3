/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cpus_online.c: tests of init/kernel/cpus_online.c: CPU lists as sysfs
 * writes them, and the present CPUs that are offline brought online in a
 * directory laid out as /sys/devices/system/cpu (what maxcpus=1 leaves).
 */
#include "init/kernel/cpus_online.h"

#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/fileio.h"

static char dir[] = "/tmp/bootbench-cpus.XXXXXX";

static void put(const char *name, const char *text)
{
	tap_put(dir, name, text);
}

static bool is(const char *name, const char *want)
{
	char path[512], *text;
	bool yes;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	text = read_text(path, 64, NULL);
	yes = text && strcmp(text, want) == 0;
	free(text);
	return yes;
}

int main(void)
{
	unsigned char set[16];
	char sub[512];

	ok(cpu_list_parse("0-3,5\n", set, 16) == 0 && set[0] && set[3] && !set[4] && set[5] && !set[6],
	   "0-3,5: CPUs 0 to 3 and 5");
	ok(cpu_list_parse("0", set, 16) == 0 && set[0] && !set[1], "0: CPU 0 alone");
	ok(cpu_list_parse("0-16", set, 16) < 0, "a CPU beyond the set: refused");
	ok(cpu_list_parse("3-1", set, 16) < 0 && cpu_list_parse("0,,1", set, 16) < 0 &&
	   cpu_list_parse("x", set, 16) < 0, "3-1, 0,,1 and x: refused");

	if (!mkdtemp(dir)) {
		perror(dir);
		return 1;
	}
	for (int i = 0; i < 3; i++) {
		snprintf(sub, sizeof sub, "%s/cpu%d", dir, i);
		mkdir(sub, 0755);
	}
	put("present", "0-2\n");
	put("online", "0\n");
	put("cpu1/online", "0\n");
	put("cpu2/online", "0\n");
	ok(cpus_online_all(dir) == 3 && is("cpu1/online", "1\n") && is("cpu2/online", "1\n"),
	   "present 0-2, online 0: CPUs 1 and 2 brought online, 3 online");
	int count = 1;
	put("online", "0-2\n");
	cpus_online_count(dir, &count);
	ok(count == 3, "all online already: the count is 3");
	put("present", "0-3\n");
	count = 1;
	cpus_online_count(dir, &count);
	ok(count == 1, "a present CPU that cannot be brought online: an error, the count kept");
	return tap_done();
}
