/* SPDX-License-Identifier: GPL-2.0-only */
/* mounts.h: the kernel filesystems mounted first (by PID 1, and by the
 * boot program if one is missing), and unmounting the disks before
 * power-off. */
#ifndef BOOTBENCH_MOUNTS_H
#define BOOTBENCH_MOUNTS_H

#include <stddef.h>

/* Step: proc, sysfs, devtmpfs, tmpfs on /dev/shm, /run and /tmp, and
 * cgroup2 on /sys/fs/cgroup if the kernel has it; each one that is
 * mounted already is left as it is. */
int mounts_bringup(void);

/* Unmount everything under /mnt (innermost first); what will not
 * unmount is remounted read-only. */
void mounts_release(void);

/* syncfs(2) of the filesystem mounted on point alone, nothing unmounted:
 * the end after a disk's I/O was lost (a sync or an unmount of that
 * disk would wait for ever). */
void mounts_sync_one(const char *point);

/* Mount points in /proc/self/mounts text that start with prefix, in file
 * order; text is split in place.  Returns how many (at most max). */
size_t mounts_under(char *text, const char *prefix, char **points, size_t max);

#endif
