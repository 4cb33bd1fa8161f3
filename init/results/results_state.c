/* SPDX-License-Identifier: GPL-2.0-only */
/* results_state.c: does the results partition still take writes? */
#include "init/results/results_state.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "common/sysfs.h"
#include "init/files.h"
#include "init/str.h"

const char *results_state_name(enum results_state s)
{
	switch (s) {
	case RESULTS_NOT_MOUNTED: return "not-mounted";
	case RESULTS_WRITABLE: return "writable";
	case RESULTS_FULL: return "full";
	case RESULTS_READ_ONLY: return "read-only";
	case RESULTS_WRITE_ERROR: return "write-error";
	case RESULTS_GONE: return "gone";
	}
	return "unknown";
}

enum results_state results_state_of_errno(int err)
{
	switch (err) {
	case 0: return RESULTS_WRITABLE;
	case ENOSPC: case EDQUOT: return RESULTS_FULL;
	case EROFS: case EACCES: case EPERM: return RESULTS_READ_ONLY;
	case ENODEV: case ENXIO: case ENOENT: return RESULTS_GONE;
	default: return RESULTS_WRITE_ERROR;
	}
}

/* Create dir/name holding bytes allocated blocks, synced; -1 with errno. */
static int allocate(const char *dir, const char *name, long long bytes, int flags,
		    char *what, size_t size)
{
	char path[PATH_MAX];
	int fd, err;

	if (str_printf(path, sizeof path, "%s/%s", dir, name) < 0) {
		snprintf(what, size, "name \"%s/%s\"", dir, name);
		return -1;
	}
	fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | flags, 0644);
	if (fd < 0) {
		snprintf(what, size, "create \"%s\"", path);
		return -1;
	}
	if (fallocate(fd, 0, 0, bytes) < 0) {
		snprintf(what, size, "allocate %lld KiB for \"%s\"", bytes >> 10, path);
		goto fail;
	}
	if (fsync(fd) < 0) {
		snprintf(what, size, "fsync \"%s\"", path);
		goto fail;
	}
	if (close(fd) < 0) {
		fd = -1;
		snprintf(what, size, "close \"%s\"", path);
		goto fail;
	}
	return 0;
fail:
	err = errno;
	if (fd >= 0)
		close(fd);
	unlink(path);
	errno = err;
	return -1;
}

void results_health_check(const char *dev_name, const char *mountpoint, const char *dir,
			  struct results_health *h)
{
	char path[PATH_MAX], ro[16], what[PATH_MAX + 64];
	struct statvfs sv;

	memset(h, 0, sizeof *h);
	h->free_bytes = h->size_bytes = -1;
	h->state = RESULTS_WRITABLE;
	snprintf(path, sizeof path, "/sys/class/block/%s", dev_name);
	if (access(path, F_OK) < 0) {
		h->state = RESULTS_GONE;
		str_printf(h->detail, sizeof h->detail, "no %s", path);
		return;
	}
	if (statvfs(mountpoint, &sv) == 0) {
		h->free_bytes = (long long)sv.f_bfree * (long long)sv.f_frsize;
		h->size_bytes = (long long)sv.f_blocks * (long long)sv.f_frsize;
	}
	snprintf(path, sizeof path, "/sys/class/block/%s/ro", dev_name);
	if (sysfs_read(path, ro, sizeof ro) == 0 && strcmp(ro, "1") == 0) {
		h->state = RESULTS_READ_ONLY;
		str_printf(h->detail, sizeof h->detail, "the disk refuses writes: %s is 1", path);
		return;
	}
	if (statvfs(mountpoint, &sv) == 0 && (sv.f_flag & ST_RDONLY)) {
		h->state = RESULTS_READ_ONLY;
		str_printf(h->detail, sizeof h->detail,
			 "the filesystem on %s turned read-only (see logs/dmesg.txt)", mountpoint);
		return;
	}
	if (allocate(dir, ".probe", RESULTS_PROBE_BYTES, O_TRUNC, what, sizeof what) < 0) {
		h->state = results_state_of_errno(errno);
		str_printf(h->detail, sizeof h->detail, "could not %s: %s", what, strerror(errno));
		return;
	}
	snprintf(path, sizeof path, "%s/.probe", dir);
	unlink(path);
}

static void human(char *buf, size_t size, long long bytes)
{
	if (bytes < 0)
		snprintf(buf, size, "unknown");
	else if (bytes < 10LL << 20)
		snprintf(buf, size, "%lld KiB", bytes >> 10);
	else
		snprintf(buf, size, "%lld MiB", bytes >> 20);
}

const char *results_health_text(const struct results_health *h, const char *dev_name,
				char *buf, size_t size)
{
	char free_text[32], size_text[32];

	human(free_text, sizeof free_text, h->free_bytes);
	human(size_text, sizeof size_text, h->size_bytes);
	switch (h->state) {
	case RESULTS_FULL:
		snprintf(buf, size, "results partition %s is full (%s free of %s; %s)",
			 dev_name, free_text, size_text, h->detail);
		break;
	case RESULTS_READ_ONLY:
		snprintf(buf, size, "results partition %s is read-only (%s)", dev_name, h->detail);
		break;
	case RESULTS_WRITE_ERROR:
		snprintf(buf, size, "results partition %s fails writes (%s)", dev_name, h->detail);
		break;
	case RESULTS_GONE:
		snprintf(buf, size, "results partition %s disappeared (%s)", dev_name, h->detail);
		break;
	case RESULTS_NOT_MOUNTED:
		snprintf(buf, size, "results partition %s is not mounted", dev_name);
		break;
	case RESULTS_WRITABLE:
		snprintf(buf, size, "results partition %s takes writes (%s free)", dev_name,
			 free_text);
		break;
	}
	return buf;
}

int results_reserve_take(const char *dir, char *what, size_t size)
{
	return allocate(dir, RESULTS_RESERVE_NAME, RESULTS_RESERVE, O_EXCL, what, size);
}

int results_reserve_release(const char *dir)
{
	char path[PATH_MAX];

	if (str_printf(path, sizeof path, "%s/%s", dir, RESULTS_RESERVE_NAME) < 0)
		return -1;
	return truncate(path, 0);
}

int results_reserve_drop(const char *dir)
{
	char path[PATH_MAX];

	if (str_printf(path, sizeof path, "%s/%s", dir, RESULTS_RESERVE_NAME) < 0)
		return -1;
	return unlink(path) < 0 && errno != ENOENT ? -1 : 0;
}
