/* SPDX-License-Identifier: GPL-2.0-only */
/* meminfo.c: a field of /proc/meminfo (meminfo.h). */
#include "common/meminfo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fileio.h"

long long meminfo_kib(const char *meminfo, const char *field)
{
	size_t flen = strlen(field);

	for (const char *line = meminfo; line && *line; ) {
		long long v;

		if (!strncmp(line, field, flen) && line[flen] == ':' &&
		    sscanf(line + flen + 1, "%lld", &v) == 1)
			return v;
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	return -1;
}

long long meminfo_read_kib(const char *path, const char *field)
{
	char *text = read_text(path, 1 << 16, NULL);
	long long v = text ? meminfo_kib(text, field) : -1;

	free(text);
	return v;
}
