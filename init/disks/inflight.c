/* SPDX-License-Identifier: GPL-2.0-only */
/* inflight.c: each disk's requests in flight (inflight.h). */
#include "init/disks/inflight.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/sysfs.h"
#include "init/files.h"
#include "init/str.h"

/* One count: blanks, then digits; *text moves past them. */
static int count(const char **text, unsigned long long *n)
{
	const char *p = *text + strspn(*text, " \t");
	char *end;

	if (*p < '0' || *p > '9')
		return -1;
	errno = 0;
	*n = strtoull(p, &end, 10);
	if (errno)
		return -1;
	*text = end;
	return 0;
}

int inflight_parse(const char *text, unsigned long long *reads, unsigned long long *writes)
{
	if (count(&text, reads) < 0 || count(&text, writes) < 0)
		return -1;
	return text[strspn(text, " \t\n")] ? -1 : 0;
}

static int by_disk(const void *a, const void *b)
{
	return strcmp(((const struct inflight *)a)->disk, ((const struct inflight *)b)->disk);
}

int inflight_read_all(const char *root, struct inflight *out, size_t max)
{
	char dir[256], path[512], line[128];
	struct dirent *e;
	size_t n = 0;
	DIR *d;

	snprintf(dir, sizeof dir, "%s/sys/block", root);
	if (!(d = opendir(dir)))
		return -1;
	while ((e = readdir(d)) && n < max) {
		struct inflight *f = &out[n];

		size_t len = strlen(e->d_name);

		if (e->d_name[0] == '.' || len >= sizeof f->disk ||
		    str_printf(path, sizeof path, "%s/%s/inflight", dir, e->d_name) < 0 ||
		    sysfs_read(path, line, sizeof line) < 0 ||
		    inflight_parse(line, &f->reads, &f->writes) < 0)
			continue;
		memcpy(f->disk, e->d_name, len + 1);
		n++;
	}
	closedir(d);
	qsort(out, n, sizeof *out, by_disk);
	return (int)n;
}
