/* SPDX-License-Identifier: GPL-2.0-only */
/* devices.h: scan the block devices (sysfs + libblkid) and find the
 * ones the command line names, waiting for them with a bound. */
#ifndef BOOTBENCH_DEVICES_H
#define BOOTBENCH_DEVICES_H

#include <stdbool.h>

#include "init/disks/blockdev.h"
#include "init/disks/model_disk.h"
#include "init/kernel/cmdline.h"

/* The devices a boot looks for, and where it keeps what it finds. */
struct devices_wanted {
	const struct params *params;	/* the results, target and WAL specs;
					   bootbench.disk-wait */
	bool params_ok;			/* else the results partition alone */
	const struct model_disk *model_target, *model_wal;	/* a model disk
					   is looked for once it is made */
	struct blockdevs *devs;		/* gets the last scan */
	const struct blockdev **results, **target, **wal;	/* get the
					   devices found, in devs */
};

/* Read every block device's facts into list (replacing what it held). */
int devices_scan(struct blockdevs *list);

/* Probe d's signatures again (blkid), e.g. just before formatting it. */
int devices_probe(struct blockdev *d);

/* Step: wait up to bootbench.disk-wait seconds for the results, target
 * and WAL devices; fail() naming each one that is missing or ambiguous.
 * The results device is looked for even after a bad command line. */
int devices_wait(const struct devices_wanted *w);

/* Scan again and find the same devices (fresh facts for the interlock). */
int devices_refresh(const struct devices_wanted *w);

#endif
