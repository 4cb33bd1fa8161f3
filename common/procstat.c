/* SPDX-License-Identifier: GPL-2.0-only */
/* procstat.c: a process's name and state from /proc/PID/stat (procstat.h). */
#include "common/procstat.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fileio.h"

#define STAT_MAX 4096

int procstat_parse(const char *text, struct procstat *p)
{
	const char *open = strchr(text, '('), *close = strrchr(text, ')');
	char *end;
	long pid;

	if (!open || !close || close < open || close[1] != ' ' || !close[2] ||
	    isspace((unsigned char)close[2]))
		return -1;
	errno = 0;
	pid = strtol(text, &end, 10);
	if (errno || end == text || pid <= 0 || pid > 0x7fffffff || end + 1 != open || *end != ' ')
		return -1;
	p->pid = (int)pid;
	snprintf(p->name, sizeof p->name, "%.*s", (int)(close - open - 1), open + 1);
	p->state = close[2];
	return 0;
}

char procstat_state(pid_t pid)
{
	char path[64], *text;
	struct procstat p;
	int rc;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	text = read_text(path, STAT_MAX, NULL);
	if (!text)
		return 0;
	rc = procstat_parse(text, &p);
	free(text);
	if (rc < 0) {
		errno = EINVAL;
		return 0;
	}
	return p.state;
}
