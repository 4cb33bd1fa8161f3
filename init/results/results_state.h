/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * results_state.h: whether the results partition still takes writes.
 *
 * A lab left alone must say why a run's results stopped: the partition
 * filled up, turned read-only (the disk refuses writes, or ext4 stopped
 * writing after an I/O error), or the disk went away.  The answer comes
 * from the kernel itself: the device's entry in /sys/class/block, its ro
 * flag, and a small write that the filesystem accepts or refuses.
 *
 * Each boot also holds RESULTS_RESERVE bytes of the partition in
 * runs/<run>/.running from the moment its directory exists: the final
 * run.json always has room, and a run directory holding .running is a
 * run that has not finished (see interrupted.h).
 */
#ifndef BOOTBENCH_INIT_RESULTS_STATE_H
#define BOOTBENCH_INIT_RESULTS_STATE_H

#include <stdbool.h>
#include <stddef.h>

#define RESULTS_RESERVE_NAME ".running"
#define RESULTS_RESERVE (4LL << 20)
#define RESULTS_PROBE_BYTES (256LL << 10)

enum results_state {
	RESULTS_NOT_MOUNTED,	/* never mounted by this boot */
	RESULTS_WRITABLE,
	RESULTS_FULL,		/* ENOSPC, EDQUOT */
	RESULTS_READ_ONLY,	/* the disk's ro flag, or EROFS */
	RESULTS_WRITE_ERROR,	/* EIO and the like: the disk is there */
	RESULTS_GONE,		/* no longer in /sys/class/block */
};

struct results_health {
	enum results_state state;
	long long free_bytes;	/* statvfs f_bfree, -1 if unknown */
	long long size_bytes;	/* statvfs, -1 if unknown */
	char detail[320];	/* the refused write and its error, or "" */
};

/* "writable", "full", "read-only", ... (doc/results-format.md). */
const char *results_state_name(enum results_state s);

/* What a write failing with err says about the partition. */
enum results_state results_state_of_errno(int err);

/* The partition whose kernel name is dev_name (vda1), mounted at
 * mountpoint, checked by writing into dir. */
void results_health_check(const char *dev_name, const char *mountpoint, const char *dir,
			  struct results_health *h);

/* One clause for a message: "is full (12 KiB free of 60 MiB)",
 * "became read-only", "disappeared (no /sys/class/block/vda1)". */
const char *results_health_text(const struct results_health *h, const char *dev_name,
				char *buf, size_t size);

/* Hold RESULTS_RESERVE bytes in dir/.running (-1 with errno, and what
 * failed in what); release them (the file stays, empty, until
 * results_reserve_drop(): the run is still unfinished). */
int results_reserve_take(const char *dir, char *what, size_t size);
int results_reserve_release(const char *dir);
int results_reserve_drop(const char *dir);

#endif
