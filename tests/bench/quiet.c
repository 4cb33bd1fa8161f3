/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * quiet.c: tests of bench/run/quiet.c on files of its own: a machine with
 * nothing dirty, nothing in flight and no ext4lazyinit is quiet at the
 * first look; each of those that stays busy keeps it from being quiet
 * until the bound, and is named in what is still busy.
 */
#include "bench/run/quiet.h"

#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char dir[] = "/tmp/bootbench-quiet.XXXXXX";
static char meminfo[256], proc[256], block[256];

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) == EOF || fclose(f) != 0) {
		perror(path);
		exit(1);
	}
}

static void in(const char *sub, const char *name, const char *text)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", dir, sub);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/%s/%s", dir, sub, name);
	put(path, text);
}

int main(void)
{
	const char *devices[QUIET_DEVICES] = { "vdb1", NULL };
	struct quiet q;

	if (!mkdtemp(dir)) {
		perror(dir);
		return 1;
	}
	snprintf(meminfo, sizeof(meminfo), "%s/meminfo", dir);
	snprintf(proc, sizeof(proc), "%s/proc", dir);
	snprintf(block, sizeof(block), "%s/block", dir);
	mkdir(proc, 0755);
	mkdir(block, 0755);
	const struct quiet_paths p = { meminfo, proc, block, 0.05 };

	put(meminfo, "MemTotal: 2000 kB\nDirty:        0 kB\nWriteback:    0 kB\n");
	in("block/vdb1", "inflight", "       0        0\n");
	in("proc/1", "comm", "init\n");
	ok(quiet_wait(&p, devices, &q) == 0 && q.reached && q.polls == 0 && !q.lazyinit &&
	   q.dirty_kib == 0 && q.writeback_kib == 0, "nothing busy: quiet at the first look");

	put(meminfo, "Dirty:       12 kB\nWriteback:    4 kB\n");
	ok(quiet_wait(&p, devices, &q) == 1 && !q.reached && q.seconds >= 0.05 && q.polls > 0 &&
	   q.dirty_kib == 12 && strcmp(q.still, "12 kB dirty, 4 kB in writeback") == 0,
	   "dirty pages that stay: not quiet at the bound, said (%s)", q.still);

	put(meminfo, "Dirty:        0 kB\nWriteback:    0 kB\n");
	in("block/vdb1", "inflight", "       1        2\n");
	ok(quiet_wait(&p, devices, &q) == 1 && strcmp(q.still, "3 requests in flight on vdb1") == 0,
	   "requests in flight: not quiet (%s)", q.still);

	in("block/vdb1", "inflight", "       0        0\n");
	in("proc/42", "comm", "ext4lazyinit\n");
	ok(quiet_wait(&p, devices, &q) == 1 && q.lazyinit && strcmp(q.still, "ext4lazyinit runs") == 0,
	   "ext4's lazy init running: not quiet (%s)", q.still);

	const char *none[QUIET_DEVICES] = { "nosuch", NULL };
	in("proc/42", "comm", "kworker/0:1\n");
	ok(quiet_wait(&p, none, &q) == 0 && q.reached, "a device without an inflight file: nothing in flight");
	return tap_done();
}
