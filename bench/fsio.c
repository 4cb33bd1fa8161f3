/* fsio.c: files that must reach the disk, and time stamps. */
#include "fsio.h"
#include "msg.h"

#include <errno.h>
#include <fcntl.h>
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
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return fail("could not open directory \"%s\":", dir);
	if (fsync(fd) < 0) {
		close(fd);
		return fail("could not fsync directory \"%s\":", dir);
	}
	close(fd);
	return 0;
}

int write_all(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, buf, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

int write_file_atomic(const char *path, const char *data, size_t len)
{
	char tmp[PATH_MAX];

	if (snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= (int)sizeof(tmp))
		return fail("path too long: \"%s\"", path);
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return fail("could not create \"%s\":", tmp);
	if (write_all(fd, data, len) < 0) {
		fail("could not write \"%s\":", tmp);
		close(fd);
		return -1;
	}
	if (fsync(fd) < 0) {
		fail("could not fsync \"%s\":", tmp);
		close(fd);
		return -1;
	}
	if (close(fd) < 0)
		return fail("could not close \"%s\":", tmp);
	if (rename(tmp, path) < 0)
		return fail("could not rename \"%s\" to \"%s\":", tmp, path);
	return sync_parent_dir(path);
}

int open_log(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC,
		      0644);
	if (fd < 0)
		return fail("could not create \"%s\":", path);
	return fd;
}

void last_line(const char *path, char *buf, size_t len)
{
	char tail[2048];
	ssize_t n = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	buf[0] = '\0';
	if (fd < 0)
		return;
	off_t size = lseek(fd, 0, SEEK_END);
	off_t start = size > (off_t)sizeof(tail) - 1 ? size - (off_t)sizeof(tail) + 1 : 0;
	if (size >= 0)
		n = pread(fd, tail, sizeof(tail) - 1, start);
	close(fd);
	if (n <= 0)
		return;
	while (n > 0 && (tail[n - 1] == '\n' || tail[n - 1] == '\r'))
		n--;
	tail[n] = '\0';
	char *nl = strrchr(tail, '\n');
	snprintf(buf, len, "%s", nl ? nl + 1 : tail);
}

double now_mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

void now_utc(char *buf, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}
