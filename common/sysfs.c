/* SPDX-License-Identifier: GPL-2.0-only */
/* sysfs.c: small files of sysfs, procfs and configfs (sysfs.h). */
#include "common/sysfs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/fileio.h"

int sysfs_read(const char *path, char *buf, size_t size)
{
	char *text = read_text(path, 4096, NULL);

	if (!text)
		return -1;
	text[strcspn(text, "\n")] = '\0';
	snprintf(buf, size, "%s", text);
	free(text);
	return 0;
}

int sysfs_write(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), err;

	if (fd < 0)
		return -1;
	if (write_all(fd, text, strlen(text)) < 0) {
		err = errno;
		close(fd);
		errno = err;
		return -1;
	}
	return close(fd);
}

int sysfs_choices(const char *text, struct sysfs_choices *c)
{
	const char *p = text;

	*c = (struct sysfs_choices){ .current = -1 };
	for (;;) {
		p += strspn(p, " \t\n");
		if (!*p)
			break;
		size_t len = strcspn(p, " \t\n");
		bool current = p[0] == '[';
		if (current && (len < 3 || p[len - 1] != ']'))
			return -1;
		const char *name = current ? p + 1 : p;
		size_t name_len = current ? len - 2 : len;
		if (c->n == SYSFS_CHOICES_MAX || name_len >= sizeof(c->names[0]) ||
		    memchr(name, '[', name_len) || memchr(name, ']', name_len))
			return -1;
		if (current) {
			if (c->current >= 0)
				return -1;
			c->current = (int)c->n;
		}
		memcpy(c->names[c->n], name, name_len);
		c->names[c->n++][name_len] = '\0';
		p += len;
	}
	if (c->n == 0)
		return -1;
	if (c->current < 0 && c->n == 1)
		c->current = 0;
	return 0;
}

void sysfs_selected(const char *text, char *out, size_t size)
{
	struct sysfs_choices c;

	if (sysfs_choices(text, &c) == 0 && c.current >= 0)
		snprintf(out, size, "%s", c.names[c.current]);
	else
		snprintf(out, size, "%.*s", (int)strcspn(text, " \n"), text);
}
