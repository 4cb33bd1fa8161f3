/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fstypes.h: the filesystem types a suite may format the target with, as
 * one table.  The choices of [filesystem] type, the mkfs command line, the
 * checks of a suite, mount(2) and `bootbench-bench filesystems` all read
 * it: a new type is a new row (and its mkfs in the image).
 */
#ifndef BOOTBENCH_FSTYPES_H
#define BOOTBENCH_FSTYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* How a type's mkfs command line is built (volume.c). */
enum fs_family {
	FS_FAMILY_EXT,   /* mke2fs: -O feature list, -E extended options, -i ratio */
	FS_FAMILY_XFS,   /* mkfs.xfs: option words, a -c profile file; -V first */
};

struct fs_type {
	const char *name;        /* the value of [filesystem] type */
	const char *mkfs;        /* the program that formats it */
	enum fs_family family;   /* how its command line is built */
	const char *compat;      /* profile compat, mountable by every kernel
	                          * from 5.10: the complete -O list (ext), the
	                          * value of -c (xfs) */
	bool inode_ratio;        /* it has a bytes-per-inode ratio (-i) */
	long long min_bytes;     /* the smallest device its mkfs formats; 0: any */
	const char *mount_type;  /* the type mount(2) is given and
	                          * /proc/self/mounts shows */
};

/* The profile compat of xfs: the image's mkfs.xfs feature file. */
#define XFS_COMPAT_PROFILE "/usr/share/xfsprogs/mkfs/lts_5.10.conf"

/* Every type, in the order of the choices; ends with a NULL name. */
extern const struct fs_type fs_types[];

/* The names of fs_types, NULL-terminated: the choices of [filesystem]
 * type (filled from fs_types before main). */
extern const char *fs_type_names[];

/* The row of name, or NULL. */
const struct fs_type *fs_type_find(const char *name);

/* The names as "ext2, ext3, ext4, xfs" into buf. */
void fs_type_list(char *buf, size_t len);

/* The table, one line per type (`bootbench-bench filesystems`). */
void fs_types_print(FILE *out);

#endif
