/* SPDX-License-Identifier: GPL-2.0-only */
/* tasks.c: the tasks in one state and their kernel stacks (tasks.h). */
#include "init/kernel/tasks.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fileio.h"

#define STAT_MAX 4096
#define STACK_MAX 65536

static int by_pid(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* The pids of root/proc, sorted, in a malloc'd array; -1 with errno. */
static int pids(const char *root, int **out)
{
	char path[256];
	struct dirent *e;
	int n = 0, cap = 0, *list = NULL;
	DIR *d;

	snprintf(path, sizeof path, "%s/proc", root);
	if (!(d = opendir(path)))
		return -1;
	while ((e = readdir(d))) {
		char *end;
		long pid = strtol(e->d_name, &end, 10);

		if (!isdigit((unsigned char)e->d_name[0]) || *end || pid <= 0)
			continue;
		if (n == cap) {
			int *more = realloc(list, (cap = cap ? 2 * cap : 256) * sizeof *list);

			if (!more) {
				free(list);
				closedir(d);
				return -1;
			}
			list = more;
		}
		list[n++] = (int)pid;
	}
	closedir(d);
	if (n)
		qsort(list, n, sizeof *list, by_pid);
	*out = list;
	return n;
}

int tasks_in_state(const char *root, char state, tasks_fn *fn, void *ctx)
{
	int *list = NULL, n = pids(root, &list), found = 0;

	if (n < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		char path[300], *text;
		struct procstat p;

		snprintf(path, sizeof path, "%s/proc/%d/stat", root, list[i]);
		/* A task that ended since the directory was read is gone. */
		if (!(text = read_text(path, STAT_MAX, NULL)))
			continue;
		if (procstat_parse(text, &p) == 0 && p.state == state) {
			fn(ctx, &p);
			found++;
		}
		free(text);
	}
	free(list);
	return found;
}

int task_stack(const char *root, int pid, char *buf, size_t size)
{
	char path[300], *text, *line, *save = NULL;
	size_t used = 0;

	snprintf(path, sizeof path, "%s/proc/%d/stack", root, pid);
	if (!(text = read_text(path, STACK_MAX, NULL)))
		return -1;
	buf[0] = '\0';
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		const char *fn = line;
		size_t len;

		/* "[<0>] " or, from older kernels, "[<ffffffff81234567>] " */
		if (fn[0] == '[' && (fn = strstr(line, "] ")))
			fn += 2;
		else
			fn = line;
		len = strlen(fn);
		if (!len)
			continue;
		if (used + len + 2 > size)
			break;
		memcpy(buf + used, fn, len);
		used += len;
		buf[used++] = '\n';
		buf[used] = '\0';
	}
	free(text);
	return 0;
}
