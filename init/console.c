/* SPDX-License-Identifier: GPL-2.0-only */
/* console.c: stamped console lines, the boot log, the run's reason. */
#include "init/console.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/fileio.h"
#include "common/message.h"
#include "init/phase.h"
#include "init/str.h"

#define MEMLOG_MAX (1024 * 1024)
#define LINE_MAX_LEN 4096

#define OTHER_CONSOLES_MAX 4

static int console_fd = -1;
static int other_fd[OTHER_CONSOLES_MAX];
static size_t others;
static int log_fd = -1;
static char *memlog;
static size_t memlog_len, memlog_cap, memlog_dropped;
static char reason[1024];
static char reason_phase[32];

static void memlog_add(const char *s, size_t n)
{
	if (memlog_len + n > MEMLOG_MAX) {
		memlog_dropped++;
		return;
	}
	if (memlog_len + n > memlog_cap) {
		size_t cap = memlog_cap ? memlog_cap * 2 : 16384;
		while (cap < memlog_len + n)
			cap *= 2;
		char *p = realloc(memlog, cap);
		if (!p) {
			memlog_dropped++;
			return;
		}
		memlog = p;
		memlog_cap = cap;
	}
	memcpy(memlog + memlog_len, s, n);
	memlog_len += n;
}

static void emit(const char *text)
{
	char line[LINE_MAX_LEN + 64];
	double t = clock_now();
	long sec = (long)t, ms = (long)((t - sec) * 1000);
	int n = snprintf(line, sizeof line, "[%5ld.%03ld] %s\n", sec, ms, text);

	if (n < 0)
		return;
	if ((size_t)n >= sizeof line) {
		n = sizeof line - 1;
		line[n - 1] = '\n';
	}
	if (console_fd >= 0)
		write_all(console_fd, line, n);
	for (size_t i = 0; i < others; i++)
		if (write(other_fd[i], line, n) < 0)
			continue;	/* a full secondary console drops the line */
	if (log_fd >= 0)
		write_all(log_fd, line, n);
	else
		memlog_add(line, n);
}

void console_line(const char *text)
{
	emit(text);
}

void console_data(const char *text)
{
	size_t n = strlen(text);
	char line[LINE_MAX_LEN + 2];

	if (console_fd < 0 || n > LINE_MAX_LEN)
		return;
	memcpy(line, text, n);
	line[n] = '\n';
	write_all(console_fd, line, n + 1);
}

/* "PREFIX" + the formatted message (+ " strerror" for a trailing ':'). */
static void format(char *buf, size_t size, const char *prefix, int err,
		   const char *fmt, va_list ap)
{
	size_t n = (size_t)snprintf(buf, size, "%s", prefix);

	if (n < size)
		message_vformat(buf + n, size - n, err, fmt, ap);
}

void note(const char *fmt, ...)
{
	char buf[LINE_MAX_LEN];
	va_list ap;
	int err = errno;

	va_start(ap, fmt);
	format(buf, sizeof buf, "bootbench: ", err, fmt, ap);
	va_end(ap);
	emit(buf);
	errno = err;
}

void warning(const char *fmt, ...)
{
	char buf[LINE_MAX_LEN];
	va_list ap;
	int err = errno;

	va_start(ap, fmt);
	format(buf, sizeof buf, "bootbench: warning: ", err, fmt, ap);
	va_end(ap);
	emit(buf);
	errno = err;
}

int fail(const char *fmt, ...)
{
	static const char prefix[] = "bootbench: error: ";
	char buf[LINE_MAX_LEN];
	va_list ap;
	int err = errno;

	va_start(ap, fmt);
	format(buf, sizeof buf, prefix, err, fmt, ap);
	va_end(ap);
	emit(buf);
	if (!reason[0]) {
		str_printf(reason, sizeof reason, "%s", buf + sizeof prefix - 1);
		snprintf(reason_phase, sizeof reason_phase, "%s",
			 phase_current() ? phase_current() : "");
	}
	errno = err;
	return -1;
}

const char *failure(void)
{
	return reason[0] ? reason : NULL;
}

const char *failure_phase(void)
{
	return reason[0] && reason_phase[0] ? reason_phase : NULL;
}

void console_use_fd(int fd)
{
	console_fd = fd;
}

size_t console_others(char *consoles, char **names, size_t max)
{
	size_t n = 0;
	char *save = NULL;

	for (char *line = strtok_r(consoles, "\n", &save); line && n < max;
	     line = strtok_r(NULL, "\n", &save)) {
		char *open = strchr(line, '('), *close = open ? strchr(open, ')') : NULL;
		char *name = line, *rw = line + strcspn(line, " ");

		if (!close || !*rw)
			continue;
		*rw++ = '\0';
		rw += strspn(rw, " ");
		*close = '\0';
		if (rw[0] && rw[1] == 'W' && strchr(open, 'E') && !strchr(open, 'C'))
			names[n++] = name;
	}
	return n;
}

/* The other enabled consoles (console=tty0 console=ttyS0 makes
 * /dev/console the serial line only): written to as well, without
 * blocking. */
static void open_others(void)
{
	char *text = read_text("/proc/consoles", 1 << 14, NULL);
	char *names[OTHER_CONSOLES_MAX], path[64];
	size_t n;

	if (!text)
		return;
	n = console_others(text, names, OTHER_CONSOLES_MAX);
	for (size_t i = 0; i < n; i++) {
		int fd;

		if (str_printf(path, sizeof path, "/dev/%s", names[i]) < 0)
			continue;
		fd = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
		if (fd >= 0)
			other_fd[others++] = fd;
	}
	free(text);
}

/* The cpio has no device nodes: fds 0-2 are closed until devtmpfs is
 * mounted.  Put them on /dev/console and show what was said so far. */
void console_open(void)
{
	int fd = open("/dev/console", O_RDWR | O_NOCTTY);

	if (fd < 0)
		return;
	for (int i = 0; i <= 2; i++)
		if (fd != i)
			dup2(fd, i);
	if (fd > 2)
		close(fd);
	console_fd = 1;
	open_others();
	if (memlog_len) {
		write_all(console_fd, memlog, memlog_len);
		for (size_t i = 0; i < others; i++)
			if (write(other_fd[i], memlog, memlog_len) < 0)
				continue;
	}
}

int console_attach(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);

	if (fd < 0)
		return fail("could not open \"%s\":", path);
	if (write_all(fd, memlog, memlog_len) < 0) {
		fail("could not write \"%s\":", path);
		close(fd);
		return -1;
	}
	log_fd = fd;
	if (memlog_dropped)
		warning("%zu early console lines did not fit in memory and are missing here",
		     memlog_dropped);
	free(memlog);
	memlog = NULL;
	memlog_len = memlog_cap = memlog_dropped = 0;
	return 0;
}

void console_detach(void)
{
	if (log_fd < 0)
		return;
	if (fsync(log_fd) < 0)
		warning("could not fsync \"console.log\":");
	close(log_fd);
	log_fd = -1;
}
