/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * blockdev.h: what the init knows about each block device, and finding
 * the one a devspec names.  Pure: the facts are gathered by devices.c.
 */
#ifndef BOOTBENCH_BLOCKDEV_H
#define BOOTBENCH_BLOCKDEV_H

#include <stdbool.h>
#include <stddef.h>

#include "init/kernel/devspec.h"

struct blockdev {
	char name[32];			/* kernel name: vdb1 */
	char path[64];			/* device node: /dev/vdb1 */
	unsigned major, minor;
	bool partition;
	char disk[32];			/* its whole disk (its own name for a disk) */
	unsigned long long size_bytes;
	bool read_only;
	bool has_partitions;		/* a whole disk with partition devices */
	char in_use[96];		/* "" or why: "mounted", "swap", "held by dm-0" */
	bool probed;			/* blkid could read it */
	bool ambivalent;		/* blkid found conflicting signatures */
	char fstype[32];		/* blkid TYPE */
	char label[128];		/* LABEL */
	char pttype[16];		/* PTTYPE: it holds a partition table */
	char partlabel[128];		/* PART_ENTRY_NAME: GPT partition name */
	char partuuid[64];		/* PART_ENTRY_UUID */
};

struct blockdevs {
	struct blockdev *dev;
	size_t n;
};

enum { FIND_OK, FIND_NONE, FIND_MANY };

/* Find the one device SPEC names.  A /dev/ path is stat()ed and matched
 * by device number.  FIND_NONE or FIND_MANY fill err. */
int blockdev_find(const struct blockdevs *list, const struct devspec *spec,
		  const struct blockdev **found, char *err, size_t errlen);

/* No filesystem, partition table or other signature blkid knows. */
bool blockdev_blank(const struct blockdev *d);

/* Does mountinfo text list a mount of device major:minor? */
bool mountinfo_has(const char *mountinfo, unsigned major, unsigned minor);

/* Mark each disk in use when one of its partitions is, and note which
 * disks have partitions. */
void blockdev_propagate(struct blockdevs *list);

#endif
