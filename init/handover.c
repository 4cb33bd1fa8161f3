/* SPDX-License-Identifier: GPL-2.0-only */
/* handover.c: the boot program's state file for PID 1 (handover.h). */
#include "init/handover.h"

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/fileio.h"

#define HANDOVER_MAX (PATH_MAX + 1024)

#define FIELD(name) { #name, offsetof(struct handover, name), sizeof ((struct handover *)0)->name }

static const struct field {
	const char *key;
	size_t offset, size;
} fields[] = {
	FIELD(phase), FIELD(id), FIELD(mount), FIELD(run),
	FIELD(results), FIELD(device), FIELD(devname), FIELD(hung), FIELD(end),
};
#define NFIELDS (sizeof fields / sizeof fields[0])

static char *member(struct handover *h, const struct field *f)
{
	return (char *)h + f->offset;
}

int handover_format(const struct handover *h, char *buf, size_t size)
{
	size_t used = 0;

	for (size_t i = 0; i < NFIELDS; i++) {
		const char *v = member((struct handover *)h, &fields[i]);
		int n = snprintf(buf + used, size - used, "%s %s\n", fields[i].key, v);

		if (n < 0 || (size_t)n >= size - used)
			return -1;
		used += n;
	}
	return 0;
}

void handover_parse(const char *text, struct handover *h)
{
	memset(h, 0, sizeof *h);
	while (*text) {
		size_t len = strcspn(text, "\n"), klen = strcspn(text, " \n");
		const char *value = text + klen + (text[klen] == ' ');
		size_t vlen = len - (value - text);

		for (size_t i = 0; i < NFIELDS; i++) {
			if (strlen(fields[i].key) != klen || strncmp(text, fields[i].key, klen))
				continue;
			if (vlen < fields[i].size)
				snprintf(member(h, &fields[i]), fields[i].size, "%.*s", (int)vlen, value);
			break;
		}
		text += len + (text[len] == '\n');
	}
}

int handover_save(const char *path, const struct handover *h)
{
	char text[HANDOVER_MAX], dir[PATH_MAX];
	char *slash;

	if (handover_format(h, text, sizeof text) < 0 ||
	    snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir) {
		errno = ENAMETOOLONG;
		return -1;
	}
	slash = strrchr(dir, '/');
	if (slash && slash != dir) {
		*slash = '\0';
		if (mkdir(dir, 0755) < 0 && errno != EEXIST)
			return -1;
	}
	return write_file_atomic(path, text, strlen(text), NULL, 0);
}

int handover_load(const char *path, struct handover *h)
{
	char *text = read_text(path, HANDOVER_MAX, NULL);

	if (!text) {
		memset(h, 0, sizeof *h);
		return -1;
	}
	handover_parse(text, h);
	free(text);
	return 0;
}
