/* SPDX-License-Identifier: GPL-2.0-only */
/* suite_info.h: what the init needs to know of a suite, as
 * "bootbench-bench describe --suite NAME" prints it (key=value lines). */
#ifndef BOOTBENCH_INIT_SUITE_INFO_H
#define BOOTBENCH_INIT_SUITE_INFO_H

#include <stdbool.h>

#include "init/kernel/cmdline.h"

#define SUITE_FILESYSTEMS_MAX	8	/* names in "filesystems=" */
#define SUITE_FS_NAME_MAX	31	/* characters of one name */

struct suite_info {
	char name[SUITE_NAME_MAX + 1];
	long long min_target_mib;	/* -1 until described */
	int allow_unmarked;		/* 0, 1, or -1 until described */
	int needs_wal;			/* 0, 1, or -1 until described */
	/* The filesystems its environments format, as /proc/filesystems
	 * names them (none for a suite that formats nothing). */
	char filesystems[SUITE_FILESYSTEMS_MAX][SUITE_FS_NAME_MAX + 1];
	int n_filesystems;		/* -1 until described */
};

void suite_info_init(struct suite_info *s, const char *name);

/* Take one line of describe output; lines of other keys are ignored.
 * Returns -1 for a known key with a bad value. */
int suite_info_line(struct suite_info *s, const char *line);

/* The name of the first key describe did not give, or NULL. */
const char *suite_info_missing(const struct suite_info *s);

/* The filesystems of s as names, in names[]; how many. */
int suite_filesystem_names(const struct suite_info *s, const char *names[SUITE_FILESYSTEMS_MAX]);

#endif
