/* SPDX-License-Identifier: GPL-2.0-only */
/* quiet.c: wait for a quiet machine before a measured window (quiet.h). */
#include "bench/run/quiet.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/fileio.h"
#include "common/meminfo.h"

#define POLL_NS (10 * 1000 * 1000)
#define RESYNC_S 0.1		/* a writer still dirtying pages: sync again */

/* Requests in flight on device (reads plus writes); 0 when its inflight
 * file cannot be read (a device without one has nothing to wait for). */
static long long inflight(const char *block, const char *device)
{
	char path[PATH_MAX], *text;
	long long r = 0, w = 0;

	snprintf(path, sizeof(path), "%s/%s/inflight", block, device);
	text = read_text(path, 256, NULL);
	if (text && sscanf(text, "%lld %lld", &r, &w) != 2)
		r = w = 0;
	free(text);
	return r + w;
}

/* Whether a thread named name runs (its /proc/PID/comm). */
static bool thread_runs(const char *proc, const char *name)
{
	DIR *d = opendir(proc);
	struct dirent *e;
	bool found = false;

	while (d && !found && (e = readdir(d))) {
		char path[PATH_MAX], *comm;

		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "%s/%s/comm", proc, e->d_name);
		if ((comm = read_text(path, 64, NULL))) {
			comm[strcspn(comm, "\n")] = '\0';
			found = strcmp(comm, name) == 0;
			free(comm);
		}
	}
	if (d)
		closedir(d);
	return found;
}

/* What is still busy, in still (empty when quiet). */
static void busy(const struct quiet_paths *p, const char *const devices[QUIET_DEVICES],
		 struct quiet *q)
{
	long long dirty = meminfo_read_kib(p->meminfo, "Dirty");
	long long wb = meminfo_read_kib(p->meminfo, "Writeback");
	size_t used = 0;

	q->still[0] = '\0';
	if (dirty != 0 || wb != 0)
		used += snprintf(q->still, sizeof(q->still), "%lld kB dirty, %lld kB in writeback; ",
				 dirty, wb);
	for (int i = 0; i < QUIET_DEVICES; i++) {
		long long n = devices[i] ? inflight(p->block, devices[i]) : 0;

		if (n && used < sizeof(q->still))
			used += snprintf(q->still + used, sizeof(q->still) - used,
					 "%lld requests in flight on %s; ", n, devices[i]);
	}
	if (thread_runs(p->proc, "ext4lazyinit")) {
		q->lazyinit = true;
		if (used < sizeof(q->still))
			snprintf(q->still + used, sizeof(q->still) - used, "ext4lazyinit runs; ");
	}
}

int quiet_wait(const struct quiet_paths *paths, const char *const devices[QUIET_DEVICES],
	       struct quiet *q)
{
	double start, last_sync;

	memset(q, 0, sizeof(*q));
	q->dirty_kib = meminfo_read_kib(paths->meminfo, "Dirty");
	q->writeback_kib = meminfo_read_kib(paths->meminfo, "Writeback");
	start = clock_now();
	sync();
	last_sync = clock_now();
	q->sync_s = last_sync - start;
	for (;;) {
		busy(paths, devices, q);
		if (!q->still[0]) {
			q->reached = true;
			break;
		}
		if (clock_now() - start > paths->bound_s)
			break;
		if (clock_now() - last_sync > RESYNC_S) {
			sync();
			last_sync = clock_now();
		}
		struct timespec ts = { 0, POLL_NS };
		nanosleep(&ts, NULL);
		q->polls++;
	}
	q->seconds = clock_now() - start;
	if (!q->reached)
		q->still[strlen(q->still) > 2 ? strlen(q->still) - 2 : 0] = '\0';
	return q->reached ? 0 : 1;
}
