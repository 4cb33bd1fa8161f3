/*
 * volume.h: a block device the suite formats and mounts (the target, and
 * the WAL device if there is one).
 */
#ifndef BOOTBENCH_VOLUME_H
#define BOOTBENCH_VOLUME_H

#include <stdbool.h>
#include <stddef.h>

#include "suite.h"

#define VOLUME_MAX_ARGS 24

struct volume {
	const char *role;              /* "target", "wal" */
	const char *device;
	const char *mountpoint;
	const struct suite_fs *fs;
	const char *mkfs_argv[VOLUME_MAX_ARGS];   /* NULL-terminated */
	char mkfs_path[64];
	char numbers[3][16];
	char extended[128];
	char mkfs_version[64];         /* "mke2fs 1.47.4 (6-Mar-2025)", once run */
	bool mounted;
};

/*
 * Set up v and its mkfs command line from the suite's filesystem.
 * Returns 0, or -1 with the reason in err.
 */
int volume_init(struct volume *v, const char *role, const char *device,
		const char *mountpoint, const struct suite_fs *fs,
		char *err, size_t errlen);

/* The mkfs command line, its words separated by spaces, into buf. */
void volume_mkfs_command(const struct volume *v, char *buf, size_t len);

/* Format the device, keeping mkfs's output in log_path.  0 or fail(). */
int volume_format(struct volume *v, const char *log_path,
		  const char *log_name);

/* Mount with the suite's options; the mount point must not be in use. */
int volume_mount(struct volume *v);

/* Unmount if mounted (retrying while busy).  0 or fail(). */
int volume_unmount(struct volume *v);

/*
 * Split mount options into mount(2) flags and the filesystem's data
 * string.  Returns 0, or -1 if data does not fit.
 */
int mount_options_parse(const char *options, unsigned long *flags,
			char *data, size_t len);

#endif
