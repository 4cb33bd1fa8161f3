/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * quiet.h: each measured window starts from a quiet machine: the page
 * cache's dirty data written back and the journals committed (sync(2)),
 * nothing left in writeback (/proc/meminfo's Dirty and Writeback at 0),
 * no request in flight on the target's disks (/sys/class/block/DEV/
 * inflight), and ext4's lazy inode-table initialisation finished (no
 * ext4lazyinit thread).  On the deterministic machine a window that
 * begins with writeback still under way measures that writeback too, a
 * different amount in each boot (doc/models.md); anywhere, it is work the
 * case did not ask for.  What was waited for, and how long, goes with the
 * measurement (results.jsonl "quiet").
 */
#ifndef BOOTBENCH_RUN_QUIET_H
#define BOOTBENCH_RUN_QUIET_H

#include <stdbool.h>
#include <stddef.h>

#define QUIET_DEVICES 2

struct quiet {
	bool reached;			/* false: the bound passed first */
	double seconds;			/* from sync(2) to quiet */
	double sync_s;			/* sync(2) itself */
	long long dirty_kib;		/* Dirty before the sync, kB */
	long long writeback_kib;	/* Writeback before the sync */
	bool lazyinit;			/* an ext4lazyinit thread was waited for */
	int polls;			/* looks after the sync */
	char still[96];			/* when not reached: what was still busy */
};

/* The dirty, writeback and in-flight figures quiet_wait() reads, and
 * whether an ext4lazyinit thread runs, from the given paths (tests give
 * their own files).  0, or -1 if meminfo cannot be read. */
struct quiet_paths {
	const char *meminfo;		/* /proc/meminfo */
	const char *proc;		/* /proc: the threads' comm */
	const char *block;		/* /sys/class/block */
	double bound_s;			/* the longest wait: the window opens then anyway */
};
#define QUIET_PROC_PATHS { "/proc/meminfo", "/proc", "/sys/class/block", 30.0 }

/* sync(2), then poll until the machine is quiet or paths->bound_s passed;
 * devices are the kernel names of the target's disks (NULL entries
 * skipped).  Fills *q; 0 if quiet was reached, 1 if not. */
int quiet_wait(const struct quiet_paths *paths, const char *const devices[QUIET_DEVICES],
	       struct quiet *q);

#endif
