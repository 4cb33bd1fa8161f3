/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * volume.c: format, mount and unmount the devices a suite runs on, drop
 * the caches.  Their queue settings are in volume_queue.c.
 */
#include "bench/target/volume.h"
#include "bench/msg.h"
#include "bench/os/fsio.h"
#include "bench/os/proc.h"
#include "bench/target/mounttab.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MKFS_TIMEOUT_S   1800   /* no lazy init: inode tables are written now */
#define UNMOUNT_TRIES    20
#define UNMOUNT_PAUSE_MS 500

static const char *const mkfs_env[] = {
	"PATH=/sbin:/bin:/usr/sbin:/usr/bin",
	"LC_ALL=C",
	"E2FSPROGS_SKIP_PROGRESS=1",
	NULL,
};

static void kernel_name(struct volume *v)
{
	char real[PATH_MAX];
	const char *path = realpath(v->device, real) ? real : v->device;
	const char *slash = strrchr(path, '/');

	const char *name = slash ? slash + 1 : path;

	if (strlen(name) >= sizeof(v->kernel_name))
		name = "";
	memcpy(v->kernel_name, name, strlen(name) + 1);
}

/* The mke2fs command line (ext2, ext3, ext4). */
static int ext_argv(struct volume *v, size_t *n, char *err, size_t errlen)
{
	const struct fs_config *fs = v->fs;

	if (fs->features[0])
		v->features_used = fs->features;
	else if (strcmp(fs->profile, "compat") == 0)
		v->features_used = v->type->compat;
	else
		v->features_used = "";
	/* Inode tables and journal are written now, not by a kernel thread
	 * in the middle of the measurements. */
	snprintf(v->extended, sizeof(v->extended),
		 "%s,lazy_itable_init=0,lazy_journal_init=0",
		 fs->discard ? "discard" : "nodiscard");

	v->mkfs_argv[(*n)++] = "-F";
	if (fs->block_size) {
		v->mkfs_argv[(*n)++] = "-b";
		v->mkfs_argv[(*n)++] = v->numbers[0];
	}
	if (fs->inode_size) {
		v->mkfs_argv[(*n)++] = "-I";
		v->mkfs_argv[(*n)++] = v->numbers[1];
	}
	if (fs->inode_ratio) {
		v->mkfs_argv[(*n)++] = "-i";
		v->mkfs_argv[(*n)++] = v->numbers[2];
	}
	if (v->features_used[0]) {
		v->mkfs_argv[(*n)++] = "-O";
		v->mkfs_argv[(*n)++] = v->features_used;
	}
	v->mkfs_argv[(*n)++] = "-E";
	v->mkfs_argv[(*n)++] = v->extended;
	(void)err, (void)errlen;
	return 0;
}

/* The mkfs.xfs command line; features are words of its options. */
static int xfs_argv(struct volume *v, size_t *n, char *err, size_t errlen)
{
	const struct fs_config *fs = v->fs;

	v->mkfs_argv[(*n)++] = "-f";
	if (fs->features[0]) {
		v->features_used = fs->features;
		if (snprintf(v->words, sizeof(v->words), "%s", fs->features) >=
		    (int)sizeof(v->words)) {
			snprintf(err, errlen, "features: too long for mkfs.xfs options");
			return -1;
		}
		char *save = NULL;
		size_t first = *n;
		for (char *w = strtok_r(v->words, " \t", &save); w;
		     w = strtok_r(NULL, " \t", &save)) {
			if (*n + 8 >= VOLUME_MAX_ARGS) {
				snprintf(err, errlen, "features: too many mkfs.xfs "
					 "options (at most %d words)",
					 VOLUME_MAX_ARGS - 10);
				return -1;
			}
			if (*n == first && w[0] != '-') {
				snprintf(err, errlen, "features: mkfs.xfs options "
					 "start with an option such as \"-m\", not "
					 "\"%s\"", w);
				return -1;
			}
			v->mkfs_argv[(*n)++] = w;
		}
	} else if (strcmp(fs->profile, "compat") == 0) {
		snprintf(v->profile_used, sizeof(v->profile_used), "-c %s",
			 v->type->compat);
		v->features_used = v->profile_used;
		v->mkfs_argv[(*n)++] = "-c";
		v->mkfs_argv[(*n)++] = v->type->compat;
	} else {
		v->features_used = "";
	}
	if (fs->block_size) {
		v->mkfs_argv[(*n)++] = "-b";
		v->mkfs_argv[(*n)++] = v->numbers[0];
	}
	if (fs->inode_size) {
		v->mkfs_argv[(*n)++] = "-i";
		v->mkfs_argv[(*n)++] = v->numbers[1];
	}
	/* mkfs.xfs discards unless told not to. */
	if (!fs->discard)
		v->mkfs_argv[(*n)++] = "-K";
	return 0;
}

int volume_init(struct volume *v, const char *role, const char *device,
		const char *mountpoint, const struct fs_config *fs,
		char *err, size_t errlen)
{
	size_t n = 0;

	*v = (struct volume){
		.role = role, .device = device, .mountpoint = mountpoint, .fs = fs,
		.type = fs_type_find(fs->type), .features_used = "", .read_ahead_kb = -1,
	};
	kernel_name(v);
	if (!v->type) {
		char list[128];
		fs_type_list(list, sizeof(list));
		snprintf(err, errlen, "filesystem type \"%s\" is not supported "
			 "(supported: %s)", fs->type, list);
		return -1;
	}
	bool xfs = v->type->family == FS_FAMILY_XFS;
	if (strcmp(fs->profile, "compat") != 0 && strcmp(fs->profile, "default") != 0) {
		snprintf(err, errlen, "profile \"%s\" is not one of: compat, default",
			 fs->profile);
		return -1;
	}
	if (fs->inode_ratio && !v->type->inode_ratio) {
		snprintf(err, errlen, "inode_ratio: %s has no bytes-per-inode ratio",
			 v->type->name);
		return -1;
	}
	snprintf(v->numbers[0], sizeof(v->numbers[0]), xfs ? "size=%lld" : "%lld",
		 fs->block_size);
	snprintf(v->numbers[1], sizeof(v->numbers[1]), xfs ? "size=%lld" : "%lld",
		 fs->inode_size);
	snprintf(v->numbers[2], sizeof(v->numbers[2]), "%lld", fs->inode_ratio);

	v->mkfs_argv[n++] = v->type->mkfs;
	if ((xfs ? xfs_argv : ext_argv)(v, &n, err, errlen) < 0)
		return -1;
	v->mkfs_argv[n++] = device;
	v->mkfs_argv[n] = NULL;
	return 0;
}

void volume_mkfs_command(const struct volume *v, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; v->mkfs_argv[i] && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
					 i ? " " : "", v->mkfs_argv[i]);
}

/* mke2fs starts with its version: "mke2fs 1.47.4 (6-Mar-2025)";
 * mkfs.xfs -V prints "mkfs.xfs version 6.13.0". */
static void version_line(void *ctx, const char *line)
{
	struct volume *v = ctx;

	if (!v->mkfs_version[0] && (strncmp(line, "mke2fs ", 7) == 0 ||
				    strncmp(line, "mkfs.xfs version ", 17) == 0))
		snprintf(v->mkfs_version, sizeof(v->mkfs_version), "%s", line);
}

/* mkfs.xfs -V into the log, for the version. */
static int xfs_version(struct volume *v, int log, const char *log_name)
{
	const char *argv[] = { v->type->mkfs, "-V", NULL };
	struct proc_spec spec = {
		.name = "mkfs.xfs -V", .spawn.argv = argv, .spawn.envp = mkfs_env,
		.log_name = log_name,
	};
	char header[128];

	snprintf(header, sizeof(header), "$ %s -V\n", v->type->mkfs);
	if (write_all(log, header, strlen(header)) < 0)
		return fail("could not write %s:", log_name);
	return proc_run(&spec, 60, log, version_line, v);
}

static int device_bytes(const char *device, long long *bytes)
{
	uint64_t size;
	int fd = open(device, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return fail("could not open \"%s\":", device);
	int rc = ioctl(fd, BLKGETSIZE64, &size);
	close(fd);
	if (rc < 0)
		return fail("could not read the size of \"%s\":", device);
	*bytes = (long long)size;
	return 0;
}

int volume_check_device(const struct volume *v)
{
	struct stat st;

	if (stat(v->device, &st) < 0)
		return fail("could not stat %s device \"%s\":", v->role, v->device);
	if (!S_ISBLK(st.st_mode))
		return fail("%s \"%s\" is not a block device", v->role, v->device);
	return 0;
}

int volume_format(struct volume *v, const char *log_path, const char *log_name)
{
	const char *mkfs_name = strrchr(v->type->mkfs, '/') + 1;

	if (volume_check_device(v) < 0)
		return -1;
	if (v->type->min_bytes) {
		long long bytes = 0;
		if (device_bytes(v->device, &bytes) < 0)
			return -1;
		if (bytes < v->type->min_bytes)
			return fail("%s \"%s\" has %lld MiB; %s needs at least "
				    "%lld MiB", v->role, v->device, bytes >> 20,
				    mkfs_name, v->type->min_bytes >> 20);
	}

	struct proc_spec spec = {
		.name = mkfs_name,
		.spawn.argv = v->mkfs_argv,
		.spawn.envp = mkfs_env,
		.log_name = log_name,
	};
	/* The log has the exact command before its output. */
	char header[1024] = "$ ";
	volume_mkfs_command(v, header + 2, sizeof(header) - 3);
	strcat(header, "\n");

	int log = open_log(log_path);
	if (log < 0)
		return -1;
	int rc = 0;
	if (v->type->family == FS_FAMILY_XFS)
		rc = xfs_version(v, log, log_name);
	if (rc == 0 && write_all(log, header, strlen(header)) < 0)
		rc = fail("could not write \"%s\":", log_path);
	if (rc == 0)
		rc = proc_run(&spec, MKFS_TIMEOUT_S, log, version_line, v);
	if (fsync(log) < 0 && rc == 0)
		rc = fail("could not fsync \"%s\":", log_path);
	close(log);
	return rc;
}

struct mount_flag {
	const char *name;
	unsigned long set;
	unsigned long clear;
};

static const struct mount_flag mount_flags[] = {
	{ "defaults", 0, 0 },
	{ "ro", MS_RDONLY, 0 },
	{ "rw", 0, MS_RDONLY },
	{ "noatime", MS_NOATIME, MS_RELATIME | MS_STRICTATIME },
	{ "nodiratime", MS_NODIRATIME, 0 },
	{ "relatime", MS_RELATIME, MS_NOATIME | MS_STRICTATIME },
	{ "strictatime", MS_STRICTATIME, MS_NOATIME | MS_RELATIME },
	{ "lazytime", MS_LAZYTIME, 0 },
	{ "sync", MS_SYNCHRONOUS, 0 },
	{ "dirsync", MS_DIRSYNC, 0 },
	{ "nosuid", MS_NOSUID, 0 },
	{ "nodev", MS_NODEV, 0 },
	{ "noexec", MS_NOEXEC, 0 },
};

int mount_options_parse(const char *options, unsigned long *flags,
			char *data, size_t len)
{
	const char *p = options ? options : "";
	size_t used = 0;

	*flags = 0;
	if (len == 0)
		return -1;
	data[0] = '\0';
	while (*p) {
		size_t n = strcspn(p, ",");
		const struct mount_flag *f = NULL;
		for (size_t i = 0; i < sizeof(mount_flags) / sizeof(mount_flags[0]); i++)
			if (strlen(mount_flags[i].name) == n &&
			    strncmp(mount_flags[i].name, p, n) == 0)
				f = &mount_flags[i];
		if (f) {
			*flags = (*flags & ~f->clear) | f->set;
		} else if (n > 0) {
			int w = snprintf(data + used, len - used, "%s%.*s",
					 used ? "," : "", (int)n, p);
			if (w < 0 || (size_t)w >= len - used)
				return -1;
			used += (size_t)w;
		}
		p += n;
		if (*p == ',')
			p++;
	}
	return 0;
}

/* A mount point in use has another device than its parent directory. */
static int check_not_mounted(const char *dir)
{
	char parent[PATH_MAX];
	struct stat a, b;

	snprintf(parent, sizeof(parent), "%s", dir);
	if (stat(dir, &a) < 0)
		return fail("could not stat \"%s\":", dir);
	if (stat(dirname(parent), &b) < 0)
		return fail("could not stat the parent of \"%s\":", dir);
	if (a.st_dev != b.st_dev)
		return fail("\"%s\" is already a mount point", dir);
	return 0;
}

int volume_mount(struct volume *v)
{
	unsigned long flags;
	char data[512];

	if (mount_options_parse(v->fs->mount_options, &flags, data, sizeof(data)) < 0)
		return fail("mount options too long: \"%s\"", v->fs->mount_options);
	if (make_dirs(v->mountpoint, 0755) < 0 || check_not_mounted(v->mountpoint) < 0)
		return -1;
	if (mount(v->device, v->mountpoint, v->type->mount_type, flags, data) < 0)
		return fail("could not mount \"%s\" on \"%s\" (%s, %s):", v->device,
			    v->mountpoint, v->type->mount_type, v->fs->mount_options);
	v->mounted = true;
	v->mounted_type[0] = '\0';
	if (mounttab_read_type(v->mountpoint, v->mounted_type,
			       sizeof(v->mounted_type)) < 0)
		return -1;
	if (strcmp(v->mounted_type, v->type->mount_type) != 0)
		return fail("%s \"%s\" was mounted as %s, but the kernel shows %s on "
			    "\"%s\"", v->role, v->device, v->type->mount_type,
			    v->mounted_type, v->mountpoint);
	return 0;
}

int volume_unmount(struct volume *v)
{
	if (!v->mounted)
		return 0;
	sync();
	for (int i = 0; ; i++) {
		if (umount2(v->mountpoint, 0) == 0)
			break;
		if (errno != EBUSY || i + 1 == UNMOUNT_TRIES)
			return fail("could not unmount \"%s\":", v->mountpoint);
		struct timespec pause = { 0, UNMOUNT_PAUSE_MS * 1000000L };
		nanosleep(&pause, NULL);
	}
	v->mounted = false;
	return 0;
}

int volume_remount(struct volume *v)
{
	if (!v->mounted)
		return fail("%s \"%s\" is not mounted: nothing to remount", v->role,
			    v->device);
	if (volume_unmount(v) < 0)
		return -1;
	return volume_mount(v);
}

int drop_caches(void)
{
	static const char path[] = "/proc/sys/vm/drop_caches";

	sync();
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return fail("could not open \"%s\":", path);
	if (write_all(fd, "3\n", 2) < 0) {
		int saved = errno;
		close(fd);
		errno = saved;
		return fail("could not write \"%s\":", path);
	}
	if (close(fd) < 0)
		return fail("could not close \"%s\":", path);
	return 0;
}

const char *volume_kernel_name(const struct volume *v)
{
	return v->kernel_name;
}
