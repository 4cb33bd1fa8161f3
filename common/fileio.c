/* SPDX-License-Identifier: GPL-2.0-only */
/* fileio.c: whole-file reads and crash-safe writes (see fileio.h). */
#include "common/fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len > 0) {
		ssize_t n = write(fd, p, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

char *read_text(const char *path, size_t max, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t cap = 4096, n = 0;
	char *buf;

	if (fd < 0)
		return NULL;
	if (cap > max)
		cap = max;
	buf = malloc(cap + 1);
	if (!buf)
		goto fail;
	for (;;) {
		if (n == cap && cap < max) {
			cap = cap * 2 > max ? max : cap * 2;
			char *p = realloc(buf, cap + 1);
			if (!p)
				goto fail;
			buf = p;
		}
		if (n == cap)
			break;
		ssize_t r = read(fd, buf + n, cap - n);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			goto fail;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
fail:;
	int saved = errno;
	free(buf);
	close(fd);
	errno = saved;
	return NULL;
}

void *map_file(const char *path, size_t *len)
{
	struct stat st;
	void *p = NULL;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	*len = 0;
	if (fd < 0)
		return MAP_FAILED;
	if (fstat(fd, &st) < 0)
		p = MAP_FAILED;
	else if (st.st_size > 0)
		p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	int saved = errno;
	close(fd);
	errno = saved;
	if (p != MAP_FAILED && p)
		*len = (size_t)st.st_size;
	return p;
}

int fsync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	if (fsync(fd) < 0) {
		int saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	return close(fd);
}

/* Record the failed step in err and keep errno. */
static int failed(char *err, size_t errlen, const char *step, const char *path)
{
	int saved = errno;

	if (err)
		snprintf(err, errlen, "%s \"%s\"", step, path);
	errno = saved;
	return -1;
}

int write_file_atomic(const char *path, const void *data, size_t len,
		      char *err, size_t errlen)
{
	char tmp[PATH_MAX], dir[PATH_MAX];
	int fd;

	if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
		errno = ENAMETOOLONG;
		return failed(err, errlen, "name", path);
	}
	snprintf(dir, sizeof dir, "%s", path);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return failed(err, errlen, "create", tmp);
	if (write_all(fd, data, len) < 0) {
		failed(err, errlen, "write", tmp);
		goto fail;
	}
	if (fsync(fd) < 0) {
		failed(err, errlen, "fsync", tmp);
		goto fail;
	}
	if (close(fd) < 0) {
		fd = -1;
		failed(err, errlen, "close", tmp);
		goto fail;
	}
	fd = -1;
	if (rename(tmp, path) < 0) {
		failed(err, errlen, "rename", tmp);
		goto fail;
	}
	if (fsync_dir(dirname(dir)) < 0)
		return failed(err, errlen, "fsync directory of", path);
	return 0;
fail:;
	int saved = errno;
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	errno = saved;
	return -1;
}
