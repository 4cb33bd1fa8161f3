/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * volume_queue.c: the I/O scheduler and readahead of a volume's disk, set
 * through sysfs (/sys/class/block/<disk>/queue/).
 */
#include "bench/msg.h"
#include "bench/os/fsio.h"
#include "bench/target/volume.h"
#include "common/sysfs.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The queue directory of the device's disk (a partition's parent). */
static int queue_dir(const struct volume *v, char *buf, size_t len)
{
	char path[PATH_MAX + 16], real[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "/sys/class/block/%s", v->kernel_name);
	if (!realpath(path, real))
		return fail("could not resolve \"%s\" (the sysfs entry of \"%s\"):",
			    path, v->device);
	snprintf(path, sizeof(path), "%s/partition", real);
	if (stat(path, &st) == 0)
		*strrchr(real, '/') = '\0';
	else if (errno != ENOENT)
		return fail("could not stat \"%s\":", path);
	if ((size_t)snprintf(buf, len, "%s/queue", real) >= len)
		return fail("sysfs path too long: \"%s/queue\"", real);
	return 0;
}

/* A small sysfs file into buf, without the trailing newline. */
static int read_sysfs(const char *path, char *buf, size_t len)
{
	return sysfs_read(path, buf, len) < 0 ? fail("could not read \"%s\":", path) : 0;
}

static int write_sysfs(const char *path, const char *value)
{
	return sysfs_write(path, value) < 0 ?
		fail("could not write \"%s\" to \"%s\":", value, path) : 0;
}

static int read_schedulers(const char *path, struct sysfs_choices *l)
{
	char text[256];

	if (read_sysfs(path, text, sizeof(text)) < 0)
		return -1;
	if (sysfs_choices(text, l) < 0)
		return fail("\"%s\" does not list schedulers: \"%s\"", path, text);
	return 0;
}

static int set_scheduler(struct volume *v, const char *dir)
{
	char path[PATH_MAX + 16];
	struct sysfs_choices l;
	const char *want = v->fs->scheduler;

	snprintf(path, sizeof(path), "%s/scheduler", dir);
	if (!want || !want[0]) {
		/* Only recorded; a queue without the file has none. */
		if (access(path, F_OK) < 0)
			return 0;
		if (read_schedulers(path, &l) < 0)
			return -1;
		if (l.current >= 0)
			snprintf(v->scheduler, sizeof(v->scheduler), "%s",
				 l.names[l.current]);
		return 0;
	}
	if (read_schedulers(path, &l) < 0)
		return -1;
	int found = -1;
	for (size_t i = 0; i < l.n; i++)
		if (strcmp(l.names[i], want) == 0)
			found = (int)i;
	if (found < 0) {
		char offered[256] = "";
		size_t used = 0;
		for (size_t i = 0; i < l.n && used < sizeof(offered); i++)
			used += (size_t)snprintf(offered + used, sizeof(offered) - used,
						 "%s%s", i ? ", " : "", l.names[i]);
		return fail("scheduler: the %s disk of \"%s\" has no scheduler "
			    "\"%s\" (it offers: %s)", v->role, v->device, want,
			    offered);
	}
	if (found != l.current) {
		if (write_sysfs(path, want) < 0 || read_schedulers(path, &l) < 0)
			return -1;
		if (l.current < 0 || strcmp(l.names[l.current], want) != 0)
			return fail("scheduler: \"%s\" written to \"%s\", but the "
				    "kernel kept \"%s\"", want, path,
				    l.current < 0 ? "" : l.names[l.current]);
	}
	snprintf(v->scheduler, sizeof(v->scheduler), "%s", want);
	return 0;
}

static int set_read_ahead(struct volume *v, const char *dir)
{
	char path[PATH_MAX + 16], text[32], *end;
	long long want = v->fs->readahead_kb;

	snprintf(path, sizeof(path), "%s/read_ahead_kb", dir);
	if (want >= 0) {
		snprintf(text, sizeof(text), "%lld", want);
		if (write_sysfs(path, text) < 0)
			return -1;
	}
	if (read_sysfs(path, text, sizeof(text)) < 0)
		return -1;
	errno = 0;
	long long now = strtoll(text, &end, 10);
	if (errno || end == text || *end)
		return fail("\"%s\" is not a number: \"%s\"", path, text);
	if (want >= 0 && now != want)
		return fail("readahead_kb: %lld written to \"%s\", but the kernel "
			    "has %lld", want, path, now);
	v->read_ahead_kb = now;
	return 0;
}

/* queue/write_cache: set unless "kernel", then read back. */
static int set_write_cache(struct volume *v, const char *dir)
{
	char path[PATH_MAX + 16];
	const char *want = v->fs->write_cache;
	bool set = want && want[0] && strcmp(want, "kernel") != 0;

	snprintf(path, sizeof(path), "%s/write_cache", dir);
	if (!set && access(path, F_OK) < 0)
		return 0;
	if (set && write_sysfs(path, want) < 0)
		return -1;
	if (read_sysfs(path, v->write_cache, sizeof(v->write_cache)) < 0)
		return -1;
	if (set && strcmp(v->write_cache, want) != 0)
		return fail("write_cache: \"%s\" written to \"%s\", but the kernel has \"%s\"",
			    want, path, v->write_cache);
	return 0;
}

int volume_set_queue(struct volume *v)
{
	char dir[PATH_MAX];
	bool wc_set = v->fs->write_cache && strcmp(v->fs->write_cache, "kernel") != 0;

	if (volume_check_device(v) < 0 ||
	    queue_dir(v, dir, sizeof(dir)) < 0 || set_scheduler(v, dir) < 0 ||
	    set_read_ahead(v, dir) < 0 || set_write_cache(v, dir) < 0)
		return -1;
	note("%s queue (%s): scheduler %s%s, read_ahead_kb %lld%s, write cache %s%s", v->role, dir,
	     v->scheduler[0] ? v->scheduler : "(none)",
	     v->fs->scheduler && v->fs->scheduler[0] ? " (set)" : " (the kernel's)",
	     v->read_ahead_kb, v->fs->readahead_kb >= 0 ? " (set)" : " (the kernel's)",
	     v->write_cache[0] ? v->write_cache : "(none)", wc_set ? " (set)" : " (the kernel's)");
	return 0;
}
