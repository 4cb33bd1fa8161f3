/* volume.c: format, mount and unmount the devices a suite runs on. */
#include "volume.h"
#include "fsio.h"
#include "msg.h"
#include "proc.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
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

int volume_init(struct volume *v, const char *role, const char *device,
		const char *mountpoint, const struct suite_fs *fs,
		char *err, size_t errlen)
{
	size_t n = 0;

	*v = (struct volume){
		.role = role, .device = device, .mountpoint = mountpoint, .fs = fs,
	};
	if (strcmp(fs->type, "ext4") != 0) {
		snprintf(err, errlen, "filesystem type \"%s\" is not supported "
			 "(supported: ext4)", fs->type);
		return -1;
	}
	snprintf(v->mkfs_path, sizeof(v->mkfs_path), "/sbin/mkfs.%s", fs->type);
	snprintf(v->numbers[0], sizeof(v->numbers[0]), "%d", fs->block_size);
	snprintf(v->numbers[1], sizeof(v->numbers[1]), "%d", fs->inode_size);
	snprintf(v->numbers[2], sizeof(v->numbers[2]), "%d", fs->inode_ratio);
	/* Inode tables and journal are written now, not by a kernel thread
	 * in the middle of the measurements. */
	snprintf(v->extended, sizeof(v->extended),
		 "%s,lazy_itable_init=0,lazy_journal_init=0",
		 fs->discard ? "discard" : "nodiscard");

	v->mkfs_argv[n++] = v->mkfs_path;
	v->mkfs_argv[n++] = "-F";
	if (fs->block_size) {
		v->mkfs_argv[n++] = "-b";
		v->mkfs_argv[n++] = v->numbers[0];
	}
	if (fs->inode_size) {
		v->mkfs_argv[n++] = "-I";
		v->mkfs_argv[n++] = v->numbers[1];
	}
	if (fs->inode_ratio) {
		v->mkfs_argv[n++] = "-i";
		v->mkfs_argv[n++] = v->numbers[2];
	}
	v->mkfs_argv[n++] = "-O";
	v->mkfs_argv[n++] = fs->features;
	v->mkfs_argv[n++] = "-E";
	v->mkfs_argv[n++] = v->extended;
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

/* mke2fs starts with its version: "mke2fs 1.47.4 (6-Mar-2025)". */
static void version_line(void *ctx, const char *line)
{
	struct volume *v = ctx;

	if (!v->mkfs_version[0] && strncmp(line, "mke2fs ", 7) == 0)
		snprintf(v->mkfs_version, sizeof(v->mkfs_version), "%s", line);
}

int volume_format(struct volume *v, const char *log_path, const char *log_name)
{
	struct stat st;

	if (stat(v->device, &st) < 0)
		return fail("could not stat %s device \"%s\":", v->role, v->device);
	if (!S_ISBLK(st.st_mode))
		return fail("%s \"%s\" is not a block device", v->role, v->device);

	struct proc_spec spec = {
		.name = v->mkfs_path + strlen("/sbin/"),
		.argv = v->mkfs_argv,
		.envp = mkfs_env,
		.log_name = log_name,
	};
	/* The log starts with the exact command. */
	char header[1024] = "$ ";
	volume_mkfs_command(v, header + 2, sizeof(header) - 2);
	return proc_run_logged(&spec, MKFS_TIMEOUT_S, log_path, header,
			       version_line, v);
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
	if (mount(v->device, v->mountpoint, v->fs->type, flags, data) < 0)
		return fail("could not mount \"%s\" on \"%s\" (%s, %s):", v->device,
			    v->mountpoint, v->fs->type, v->fs->mount_options);
	v->mounted = true;
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
