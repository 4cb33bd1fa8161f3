/* SPDX-License-Identifier: GPL-2.0-only */
/* fsio.c: files that must reach the disk, and time stamps. */
#include "bench/os/fsio.h"
#include "bench/msg.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int make_dirs(const char *path, mode_t mode)
{
	char buf[PATH_MAX];

	if (snprintf(buf, sizeof(buf), "%s", path) >= (int)sizeof(buf))
		return fail("path too long: \"%s\"", path);
	for (char *p = buf + 1; ; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char c = *p;
		*p = '\0';
		if (mkdir(buf, mode) < 0 && errno != EEXIST)
			return fail("could not create directory \"%s\":", buf);
		*p = c;
		if (c == '\0')
			break;
	}
	struct stat st;
	if (stat(path, &st) < 0)
		return fail("could not stat \"%s\":", path);
	if (!S_ISDIR(st.st_mode))
		return fail("\"%s\" is not a directory", path);
	return 0;
}

int sync_parent_dir(const char *path)
{
	char buf[PATH_MAX];

	if (snprintf(buf, sizeof(buf), "%s", path) >= (int)sizeof(buf))
		return fail("path too long: \"%s\"", path);
	const char *dir = dirname(buf);
	if (fsync_dir(dir) < 0)
		return fail("could not fsync directory \"%s\":", dir);
	return 0;
}

int replace_file(const char *path, const char *data, size_t len)
{
	char err[PATH_MAX + 32];

	if (write_file_atomic(path, data, len, err, sizeof(err)) < 0)
		return fail("could not %s:", err);
	return 0;
}

int open_log(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC,
		      0644);
	if (fd < 0)
		return fail("could not create \"%s\":", path);
	return fd;
}

int open_log_append(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0)
		return fail("could not open \"%s\":", path);
	return fd;
}

bool line_with(const char *path, long long from, const char *needle, bool last,
	       char *buf, size_t len)
{
	static char tail[64 << 10];
	ssize_t n = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	bool found = false;

	buf[0] = '\0';
	if (fd < 0)
		return false;
	off_t size = lseek(fd, 0, SEEK_END);
	off_t start = size > (off_t)sizeof(tail) - 1 ? size - (off_t)sizeof(tail) + 1 : 0;
	if (start < (off_t)from)
		start = (off_t)from;
	if (size > start)
		n = pread(fd, tail, (size_t)(size - start), start);
	close(fd);
	if (n <= 0)
		return false;
	while (n > 0 && (tail[n - 1] == '\n' || tail[n - 1] == '\r'))
		n--;
	tail[n] = '\0';
	for (char *line = tail; line; ) {
		char *nl = strchr(line, '\n');

		if (nl)
			*nl = '\0';
		if (!needle || strstr(line, needle)) {
			snprintf(buf, len, "%s", line);
			found = true;
			if (!last)
				break;
		}
		line = nl ? nl + 1 : NULL;
	}
	return found;
}

void last_line(const char *path, char *buf, size_t len)
{
	line_with(path, 0, NULL, true, buf, len);
}

void now_utc(char *buf, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}
