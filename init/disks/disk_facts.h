/* SPDX-License-Identifier: GPL-2.0-only */
/* disk_facts.h: what run.json records of each disk a run used. */
#ifndef BOOTBENCH_INIT_DISK_FACTS_H
#define BOOTBENCH_INIT_DISK_FACTS_H

#include <stdbool.h>

#include "init/disks/blockdev.h"

struct disk_facts {
	char spec[DEVSPEC_MAX + 16];	/* as given on the command line */
	char device[64];		/* /dev/vdb1 */
	char disk[32];			/* vdb */
	bool partition;
	char model[128];		/* "" if the disk has none (virtio) */
	char vendor[64];
	unsigned long long size_bytes;	/* of the device itself */
	int rotational;			/* 1, 0, or -1 if unknown */
	char scheduler[32];		/* active I/O scheduler of the disk */
	char partlabel[128], partuuid[64], label[128], fstype[32];
};

/* Facts of device d (named by spec) from its scan and sysfs. */
void disk_facts_read(const struct blockdev *d, const char *spec, struct disk_facts *out);

#endif
