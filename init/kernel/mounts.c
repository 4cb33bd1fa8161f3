/* SPDX-License-Identifier: GPL-2.0-only */
/* mounts.c: the kernel's filesystems mounted first, unmounts before power-off. */
#include "init/kernel/mounts.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "init/console.h"
#include "init/files.h"

static const struct {
	const char *source, *target, *type;
	unsigned long flags;
	const char *data;
	bool optional;          /* a kernel without it: left out, quietly */
} early[] = {
	{ "proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL, false },
	{ "sysfs", "/sys", "sysfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL, false },
	{ "devtmpfs", "/dev", "devtmpfs", MS_NOSUID, "mode=0755", false },
	{ "tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777", false },
	{ "tmpfs", "/run", "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755", false },
	{ "tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777", false },
	/* the runner's cgroups, for the CPU time of the server and of the
	 * workload's programs (sysfs has the directory when the kernel has
	 * cgroups) */
	{ "cgroup2", "/sys/fs/cgroup", "cgroup2", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL, true },
};

/* Is something mounted on path: is it on another device than its parent? */
static bool mounted(const char *path)
{
	char parent[64];
	struct stat a, b;

	snprintf(parent, sizeof parent, "%s/..", path);
	return stat(path, &a) == 0 && stat(parent, &b) == 0 && a.st_dev != b.st_dev;
}

int mounts_bringup(void)
{
	int rc = 0;

	for (size_t i = 0; i < sizeof early / sizeof early[0]; i++) {
		if (mounted(early[i].target))
			continue;
		if (early[i].optional && access(early[i].target, F_OK) < 0)
			continue;
		if (mkdir(early[i].target, 0755) < 0 && errno != EEXIST) {
			rc = fail("could not create directory \"%s\":", early[i].target);
			continue;
		}
		if (mount(early[i].source, early[i].target, early[i].type,
			  early[i].flags, early[i].data) == 0)
			continue;
		if (!early[i].optional)
			rc = fail("could not mount \"%s\" on \"%s\":", early[i].type, early[i].target);
		else if (errno != ENODEV)
			warning("could not mount \"%s\" on \"%s\":", early[i].type, early[i].target);
	}
	return rc;
}

void mounts_sync_one(const char *point)
{
	int fd = open(point, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0) {
		warning("could not open \"%s\":", point);
		return;
	}
	if (syncfs(fd) < 0)
		warning("could not sync \"%s\" (syncfs):", point);
	close(fd);
}

size_t mounts_under(char *text, const char *prefix, char **points, size_t max)
{
	size_t n = 0, plen = strlen(prefix);
	char *save = NULL;

	for (char *line = strtok_r(text, "\n", &save); line && n < max;
	     line = strtok_r(NULL, "\n", &save)) {
		char *point = strchr(line, ' ');

		if (!point)
			continue;
		point++;
		point[strcspn(point, " ")] = '\0';
		if (!strncmp(point, prefix, plen))
			points[n++] = point;
	}
	return n;
}

void mounts_release(void)
{
	char *text = read_text("/proc/self/mounts", 1 << 20, NULL);
	char *points[64];
	size_t n;

	sync();
	if (!text) {
		warning("could not read \"/proc/self/mounts\":");
		return;
	}
	n = mounts_under(text, "/mnt/", points, 64);
	while (n--) {
		if (umount2(points[n], 0) == 0)
			continue;
		warning("could not unmount \"%s\":", points[n]);
		if (mount(NULL, points[n], NULL, MS_REMOUNT | MS_RDONLY, NULL) < 0)
			warning("could not remount \"%s\" read-only:", points[n]);
	}
	free(text);
	sync();
}
