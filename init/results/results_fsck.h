/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * results_fsck.h: the results partition checked before it is mounted, as a
 * distribution's boot checks its filesystems: e2fsck -p replays its
 * journal (what a power cut left in it) and repairs what is safe to repair
 * without a person.  A partition it cannot repair is not written to.
 */
#ifndef BOOTBENCH_INIT_RESULTS_FSCK_H
#define BOOTBENCH_INIT_RESULTS_FSCK_H

#include <stdbool.h>

#define E2FSCK		"/sbin/e2fsck"
#define FSCK_TIMEOUT	120
#define FSCK_SAID_MAX	2048

/* What the check did; ran is false until it ran. */
struct results_fsck {
	bool ran;
	int exit_status;		/* e2fsck's (0 clean, 1 repaired, 2 repaired and
					   a reboot asked, 4 errors left, 8 it could not
					   work); -1 if it did not end on its own */
	double seconds;
	char said[FSCK_SAID_MAX];	/* what it printed, its start if longer */
	char problem[256];		/* its last line naming a problem */
};

/* Whether e2fsck's exit status lets the partition be written to: it is
 * clean, or it repaired what it found. */
bool results_fsck_usable(int exit_status);

/* e2fsck -p of the device at path, each line of its output on the console.
 * Returns 0 when the partition may be written to, else -1 after fail()
 * has said why (the run stops before it formats the target). */
int results_fsck(const char *path, struct results_fsck *f);

#endif
