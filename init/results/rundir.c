/* SPDX-License-Identifier: GPL-2.0-only */
/* rundir.c: name and create the run directory. */
#include "init/results/rundir.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "init/console.h"
#include "init/str.h"

int rundir_name(char *buf, size_t size, time_t utc, const char *release, const char *id)
{
	struct tm tm;
	char when[32];
	size_t n;

	gmtime_r(&utc, &tm);
	strftime(when, sizeof when, "%Y%m%dT%H%M%SZ", &tm);
	n = snprintf(buf, size, "%s_%s_%s", when, release, id);
	if (n >= size)
		return -1;
	for (char *p = buf + strlen(when) + 1; *release; p++, release++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-", *p))
			*p = '_';
	return 0;
}

void utc_string(char *buf, size_t size, time_t utc)
{
	struct tm tm;

	gmtime_r(&utc, &tm);
	strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static int make_dir(const char *path, bool exist_ok)
{
	if (mkdir(path, 0755) == 0 || (exist_ok && errno == EEXIST))
		return 0;
	return -1;
}

static int sync_dir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int rc;

	if (fd < 0)
		return fail("could not open \"%s\":", path);
	rc = fsync(fd);
	if (rc < 0)
		fail("could not fsync \"%s\":", path);
	close(fd);
	return rc;
}

int rundir_create(const char *base, const char *name, char *rel, size_t size)
{
	char runs[PATH_MAX], dir[PATH_MAX], logs[PATH_MAX];

	snprintf(runs, sizeof runs, "%s/runs", base);
	if (make_dir(runs, true) < 0)
		return fail("could not create directory \"%s\":", runs);
	for (int n = 1; n < 100; n++) {
		if (n == 1)
			snprintf(rel, size, "runs/%s", name);
		else
			snprintf(rel, size, "runs/%s-%d", name, n);
		if (snprintf(dir, sizeof dir, "%s/%s", base, rel) >= (int)sizeof dir) {
			errno = ENAMETOOLONG;
			return fail("could not create directory \"%s/%s\":", base, rel);
		}
		if (make_dir(dir, false) == 0)
			break;
		if (errno != EEXIST || n == 99)
			return fail("could not create directory \"%s\":", dir);
	}
	if (str_printf(logs, sizeof logs, "%s/logs", dir) < 0 || make_dir(logs, false) < 0)
		return fail("could not create directory \"%s\":", logs);
	if (sync_dir(dir) < 0 || sync_dir(runs) < 0)
		return -1;
	return 0;
}
