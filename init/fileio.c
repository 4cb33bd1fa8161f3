/* fileio.c: whole-file reads and crash-safe writes. */
#include "fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "console.h"

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
		len -= n;
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
		n += r;
	}
	close(fd);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
fail:;
	int err = errno;
	free(buf);
	close(fd);
	errno = err;
	return NULL;
}

int read_line(const char *path, char *buf, size_t size)
{
	char *text = read_text(path, 4096, NULL);

	if (!text)
		return -1;
	text[strcspn(text, "\n")] = '\0';
	snprintf(buf, size, "%s", text);
	free(text);
	return 0;
}

char *trim(char *s)
{
	char *end;

	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	end = s + strlen(s);
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' ||
			   end[-1] == '\n' || end[-1] == '\r'))
		*--end = '\0';
	return s;
}

static int fsync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return fail("open %s:", dir);
	if (fsync(fd) < 0) {
		fail("fsync %s:", dir);
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

int write_file_atomic(const char *dir, const char *name,
		      int (*fill)(FILE *out, const void *arg), const void *arg)
{
	char tmp[PATH_MAX], path[PATH_MAX];
	FILE *out;
	int fd;

	if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path ||
	    snprintf(tmp, sizeof tmp, "%s/.%s.tmp", dir, name) >= (int)sizeof tmp) {
		errno = ENAMETOOLONG;
		return fail("%s/%s:", dir, name);
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return fail("create %s:", tmp);
	out = fdopen(fd, "w");
	if (!out) {
		fail("fdopen %s:", tmp);
		close(fd);
		goto fail;
	}
	if (fill(out, arg) < 0 || fflush(out) != 0 || ferror(out)) {
		fail("write %s:", tmp);
		fclose(out);
		goto fail;
	}
	if (fsync(fd) < 0) {
		fail("fsync %s:", tmp);
		fclose(out);
		goto fail;
	}
	if (fclose(out) != 0) {
		fail("close %s:", tmp);
		goto fail;
	}
	if (rename(tmp, path) < 0) {
		fail("rename %s to %s:", tmp, path);
		goto fail;
	}
	return fsync_dir(dir);
fail:
	unlink(tmp);
	return -1;
}
