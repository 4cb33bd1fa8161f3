/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * volume.h: a block device the suite formats and mounts (the target, and
 * the WAL device if there is one).
 */
#ifndef BOOTBENCH_VOLUME_H
#define BOOTBENCH_VOLUME_H

#include <stdbool.h>
#include <stddef.h>

#include "bench/target/fstypes.h"

#define VOLUME_MAX_ARGS 32

/* A case's [filesystem] section, as the engine reads it (doc/suites.md). */
struct fs_config {
	const char *type;          /* a name of fs_types (fstypes.h) */
	const char *profile;       /* compat (every kernel from 5.10), default (mkfs's own) */
	const char *features;      /* "": the profile's; else ext*: -O list, xfs: -m/-i/... options */
	long long block_size;      /* 0: mkfs chooses */
	long long inode_size;      /* 0: mkfs chooses */
	long long inode_ratio;     /* 0: mkfs chooses (ext*) */
	bool discard;              /* let mkfs discard the device first */
	const char *mount_options; /* "noatime" */
	const char *scheduler;     /* "": leave the kernel's choice */
	long long readahead_kb;    /* -1: leave the kernel's choice */
	const char *write_cache;   /* "kernel": leave it; "write back", "write through" */
};

struct volume {
	const char *role;              /* "target", "wal" */
	const char *device;
	const char *mountpoint;
	const struct fs_config *fs;
	const struct fs_type *type;    /* fs->type's row */
	const char *mkfs_argv[VOLUME_MAX_ARGS];   /* NULL-terminated */
	const char *features_used;     /* the -O list or the xfs options given
	                                * to mkfs; "": mkfs's own defaults */
	char numbers[3][32];
	char extended[128];
	char words[512];               /* xfs features, split into words */
	char profile_used[160];        /* xfs: "-c options=<its profile>" */
	char kernel_name[64];          /* "vdb1" */
	char mkfs_version[64];         /* "mke2fs 1.47.4 (6-Mar-2025)",
	                                * "mkfs.xfs version 6.13.0", once run */
	char mounted_type[32];         /* the type /proc/self/mounts shows after
	                                * volume_mount(); "": not known */
	char scheduler[32];            /* the queue's after volume_set_queue() */
	long long read_ahead_kb;       /* likewise; -1: not known */
	char write_cache[32];          /* likewise; "": not known */
	bool mounted;
};

/*
 * Set up v and its mkfs command line from the suite's filesystem.
 * Returns 0, or -1 with the reason in err.
 */
int volume_init(struct volume *v, const char *role, const char *device,
		const char *mountpoint, const struct fs_config *fs,
		char *err, size_t errlen);

/* The mkfs command line, its words separated by spaces, into buf. */
void volume_mkfs_command(const struct volume *v, char *buf, size_t len);

/* The device exists and is a block device.  0 or fail(). */
int volume_check_device(const struct volume *v);

/*
 * Format the device, keeping mkfs's output in log_path (mkfs.xfs: after
 * the output of mkfs.xfs -V, for its version).  0 or fail().
 */
int volume_format(struct volume *v, const char *log_path,
		  const char *log_name);

/*
 * Mount with the suite's options; the mount point must not be in use.
 * The type the kernel then shows for it in /proc/self/mounts is kept in
 * v->mounted_type; a type other than the one asked for fails.
 */
int volume_mount(struct volume *v);

/* Unmount if mounted (retrying while busy).  0 or fail(). */
int volume_unmount(struct volume *v);

/*
 * Set the I/O scheduler and readahead of the device's queue as fs asks
 * (the partition's disk: /sys/class/block/<disk>/queue/).  An unknown
 * scheduler fails naming the ones the kernel offers.  What the queue has
 * afterwards is in v->scheduler and v->read_ahead_kb, and on the console.
 * 0 or fail().
 */
int volume_set_queue(struct volume *v);

/* The kernel name of the device ("vdb1") for /proc/diskstats: the name
 * of what the device path resolves to, known from volume_init(). */
const char *volume_kernel_name(const struct volume *v);

/* Unmount and mount again: nothing of the filesystem stays cached. */
int volume_remount(struct volume *v);

/* sync, then echo 3 > /proc/sys/vm/drop_caches.  0 or fail(). */
int drop_caches(void);


/*
 * Split mount options into mount(2) flags and the filesystem's data
 * string.  Returns 0, or -1 if data does not fit.
 */
int mount_options_parse(const char *options, unsigned long *flags,
			char *data, size_t len);

#endif
