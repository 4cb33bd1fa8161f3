/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * results_state.c: tests of init/results/results_state.c: the names and the
 * errno mapping of the results partition's states, the check on a
 * directory that takes writes and on a disk that is gone, the messages,
 * and the space held for the final record.
 */
#include "init/results/results_state.h"

#include "tap.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/sysfs.h"
#include "init/files.h"

/* A block device of this host whose ro flag is 0, or NULL. */
static const char *writable_block_device(char *name, size_t size)
{
	DIR *d = opendir("/sys/class/block");
	struct dirent *e;
	const char *found = NULL;

	while (d && !found && (e = readdir(d))) {
		char path[512], ro[8];

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "/sys/class/block/%s/ro", e->d_name);
		if (sysfs_read(path, ro, sizeof ro) == 0 && strcmp(ro, "0") == 0) {
			snprintf(name, size, "%s", e->d_name);
			found = name;
		}
	}
	if (d)
		closedir(d);
	return found;
}

static void states(void)
{
	is_str(results_state_name(RESULTS_WRITABLE), "writable", "name: writable");
	is_str(results_state_name(RESULTS_FULL), "full", "name: full");
	is_str(results_state_name(RESULTS_READ_ONLY), "read-only", "name: read-only");
	is_str(results_state_name(RESULTS_WRITE_ERROR), "write-error", "name: write-error");
	is_str(results_state_name(RESULTS_GONE), "gone", "name: gone");
	is_str(results_state_name(RESULTS_NOT_MOUNTED), "not-mounted", "name: not-mounted");
	is_int(results_state_of_errno(ENOSPC), RESULTS_FULL, "ENOSPC: full");
	is_int(results_state_of_errno(EDQUOT), RESULTS_FULL, "EDQUOT: full");
	is_int(results_state_of_errno(EROFS), RESULTS_READ_ONLY, "EROFS: read-only");
	is_int(results_state_of_errno(EIO), RESULTS_WRITE_ERROR, "EIO: write error");
	is_int(results_state_of_errno(ENODEV), RESULTS_GONE, "ENODEV: gone");
}

static void check(const char *dir)
{
	struct results_health h;
	char name[256], text[512];

	results_health_check("bootbench-no-such-disk", dir, dir, &h);
	is_int(h.state, RESULTS_GONE, "a disk not in /sys/class/block is gone");
	ok(strstr(results_health_text(&h, "/dev/x1", text, sizeof text),
		  "results partition /dev/x1 disappeared (no /sys/class/block/bootbench-no-such-disk)") != NULL,
	   "gone: the message names the missing entry (%s)", text);
	if (!writable_block_device(name, sizeof name)) {
		skip("a directory that takes writes: writable", "no writable block device on this host");
		skip("writable: free and size known, the probe file removed",
		     "no writable block device on this host");
		return;
	}
	results_health_check(name, dir, dir, &h);
	is_int(h.state, RESULTS_WRITABLE, "a directory that takes writes: writable (disk %s)", name);
	ok(h.free_bytes > 0 && h.size_bytes >= h.free_bytes && access(".probe", F_OK) != 0,
	   "writable: free and size known, the probe file removed");
}

static void messages(void)
{
	struct results_health h = { RESULTS_FULL, 12 << 10, 60 << 20, "could not allocate" };
	char text[512];

	is_str(results_health_text(&h, "/dev/vda1", text, sizeof text),
	       "results partition /dev/vda1 is full (12 KiB free of 60 MiB; could not allocate)",
	       "full: free and size in the message");
	h.state = RESULTS_READ_ONLY;
	snprintf(h.detail, sizeof h.detail, "the disk refuses writes");
	is_str(results_health_text(&h, "/dev/vda1", text, sizeof text),
	       "results partition /dev/vda1 is read-only (the disk refuses writes)", "read-only message");
	h.state = RESULTS_WRITE_ERROR;
	snprintf(h.detail, sizeof h.detail, "could not fsync \"x\": Input/output error");
	is_str(results_health_text(&h, "/dev/vda1", text, sizeof text),
	       "results partition /dev/vda1 fails writes (could not fsync \"x\": Input/output error)",
	       "write-error message");
}

static void reserve(const char *dir)
{
	char path[512], what[512];
	struct stat st;

	snprintf(path, sizeof path, "%s/%s", dir, RESULTS_RESERVE_NAME);
	is_int(results_reserve_take(dir, what, sizeof what), 0, "reserve: taken");
	ok(stat(path, &st) == 0 && (long long)st.st_blocks * 512 >= RESULTS_RESERVE,
	   "reserve: %lld MiB allocated", RESULTS_RESERVE >> 20);
	ok(results_reserve_take(dir, what, sizeof what) < 0 && errno == EEXIST &&
	   strstr(what, RESULTS_RESERVE_NAME), "reserve: a second take fails: %s", what);
	is_int(results_reserve_release(dir), 0, "reserve: released");
	ok(stat(path, &st) == 0 && st.st_size == 0 && st.st_blocks == 0,
	   "reserve: released, the marker stays, empty");
	is_int(results_reserve_drop(dir), 0, "reserve: dropped");
	ok(access(path, F_OK) < 0 && errno == ENOENT, "reserve: the marker is gone");
	is_int(results_reserve_drop(dir), 0, "reserve: dropping it again is no error");
}

int main(void)
{
	char dir[] = "/tmp/bootbench-results-state.XXXXXX";

	if (!mkdtemp(dir) || chdir(dir) < 0)
		return 1;
	states();
	check(dir);
	messages();
	reserve(dir);
	rmdir(dir);
	return tap_done();
}
