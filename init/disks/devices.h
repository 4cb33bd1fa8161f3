/* SPDX-License-Identifier: GPL-2.0-only */
/* devices.h: scan the block devices (sysfs + libblkid) and find the
 * ones the command line names, waiting for them with a bound. */
#ifndef BOOTBENCH_DEVICES_H
#define BOOTBENCH_DEVICES_H

#include "init/disks/blockdev.h"

struct boot;

/* Read every block device's facts into list (replacing what it held). */
int devices_scan(struct blockdevs *list);

/* Probe d's signatures again (blkid), e.g. just before formatting it. */
int devices_probe(struct blockdev *d);

/* Step: wait up to bootbench.disk-wait seconds for the results, target
 * and WAL devices; fail() naming each one that is missing or ambiguous.
 * The results device is looked for even after a bad command line. */
int devices_wait(struct boot *b);

/* Scan again and find the same devices (fresh facts for the interlock). */
int devices_refresh(struct boot *b);

#endif
