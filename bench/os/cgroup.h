/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cgroup.h: the two cgroups whose CPU time a measurement reads, one for
 * the PostgreSQL server (the postmaster and every process it starts) and
 * one for the workload's programs (pgbench, pg_test_fsync ...).
 *
 * They are made in the cgroup2 hierarchy, under bootbench-bench's own
 * cgroup: <own>/bootbench-bench.<pid>/server and .../client.  A child
 * moves into one between fork and exec (common/spawn.h), so that all it
 * runs, and all it starts, is counted there.  No controller is enabled:
 * every cgroup has cpu.stat.  Where that cannot be (no cgroup2 mounted, a
 * kernel without it, a hierarchy this user may not write), the cgroups
 * are not available, with the reason; the run goes on without them.
 */
#ifndef BOOTBENCH_CGROUP_H
#define BOOTBENCH_CGROUP_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "bench/os/cputime.h"

struct cgroups {
	bool ok;
	char why[PATH_MAX + 128];  /* when not ok: why, in one line */
	char dir[PATH_MAX];        /* <own>/bootbench-bench.<pid>; "" if not made */
	char server[PATH_MAX];
	char client[PATH_MAX];
	int server_stat, client_stat;   /* their cpu.stat, open; -1 */
};

/* Make them (ok), or say why not (!ok, why).  Never fails the run. */
void cgroups_setup(struct cgroups *g);

/* Both cpu.stat at once (server first).  0, or -1 with errno set. */
int cgroups_read(const struct cgroups *g, struct cputime *server,
		 struct cputime *client);

/* Close and remove them; a warning if one still holds a process. */
void cgroups_remove(struct cgroups *g);

/* The mount point of the cgroup2 filesystem in /proc/self/mountinfo's
 * text, into buf.  0, or -1 if none is mounted (or it does not fit). */
int cgroup2_mount_point(const char *mountinfo, char *buf, size_t len);

/* The cgroup2 path ("/user.slice/...", "/") in /proc/self/cgroup's text
 * (its "0::" line), into buf.  0, or -1 if it has none. */
int cgroup2_own_path(const char *proc_cgroup, char *buf, size_t len);

#endif
