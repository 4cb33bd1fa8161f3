/* SPDX-License-Identifier: GPL-2.0-only */
/* hung_task.c: the hung-task detector's timeout and its reports (hung_task.h). */
#include "init/kernel/hung_task.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/fileio.h"
#include "common/sysfs.h"
#include "init/files.h"

#define REPORT_START "INFO: task "
#define MORE_THAN " for more than "

int hung_task_limit(const char *root, long limit, struct hung_task_setting *s)
{
	char path[256], line[32], text[32];
	char *end;

	s->at_boot = s->during_run = -1;
	snprintf(path, sizeof path, "%s%s", root, HUNG_TASK_SYSCTL);
	if (sysfs_read(path, line, sizeof line) < 0)
		return errno == ENOENT ? 0 : -1;
	errno = 0;
	s->at_boot = strtol(line, &end, 10);
	if (errno || end == line || *end || s->at_boot < 0) {
		s->at_boot = -1;
		errno = EINVAL;
		return -1;
	}
	s->during_run = s->at_boot;
	if (s->at_boot == 0 || s->at_boot <= limit)
		return 0;
	snprintf(text, sizeof text, "%ld\n", limit);
	if (sysfs_write(path, text) < 0)
		return -1;
	s->during_run = limit;
	return 0;
}

const char *kmsg_text(const char *record)
{
	const char *p = record;

	for (int field = 0; field < 3; field++) {
		if (!isdigit((unsigned char)*p))
			return record;
		while (isdigit((unsigned char)*p))
			p++;
		if (*p++ != ',')
			return record;
	}
	p += strcspn(p, ";\n");
	return *p == ';' ? p + 1 : record;
}

int hung_report_parse(const char *record, struct hung_report *r)
{
	const char *text = kmsg_text(record), *name, *b;
	char line[1024];

	snprintf(line, sizeof line, "%.*s", (int)strcspn(text, "\n"), text);
	if (strncmp(line, REPORT_START, strlen(REPORT_START)) != 0)
		return 0;
	name = line + strlen(REPORT_START);
	/* NAME:PID blocked[ in I/O wait] for more than N seconds.  A name
	 * may hold ':' and blanks: the PID is the digits before " blocked". */
	for (b = strstr(name, " blocked"); b; b = strstr(b + 1, " blocked")) {
		const char *digits = b, *more;
		char *end;
		long pid, seconds;

		while (digits > name && isdigit((unsigned char)digits[-1]))
			digits--;
		if (digits == b || digits - 1 <= name || digits[-1] != ':')
			continue;
		more = strstr(b, MORE_THAN);
		if (!more)
			return 0;
		pid = strtol(digits, NULL, 10);
		errno = 0;
		seconds = strtol(more + strlen(MORE_THAN), &end, 10);
		if (errno || end == more + strlen(MORE_THAN) || strncmp(end, " second", 7) != 0 ||
		    pid <= 0 || pid > 0x7fffffff)
			return 0;
		snprintf(r->task, sizeof r->task, "%.*s", (int)(digits - 1 - name), name);
		r->pid = (int)pid;
		r->seconds = seconds;
		return 1;
	}
	return 0;
}

int kmsg_open_end(const char *path)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return -1;
	if (lseek(fd, 0, SEEK_END) < 0) {
		int err = errno;

		close(fd);
		errno = err;
		return -1;
	}
	return fd;
}

ssize_t kmsg_next(int fd, char *buf, size_t size)
{
	for (;;) {
		ssize_t n = read(fd, buf, size - 1);

		if (n >= 0) {
			buf[n] = '\0';
			return n;
		}
		if (errno == EAGAIN)
			return 0;
		if (errno != EPIPE && errno != EINTR)
			return -1;
	}
}
