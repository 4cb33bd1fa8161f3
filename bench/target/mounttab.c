/* SPDX-License-Identifier: GPL-2.0-only */
/* mounttab.c: the type of a mount, from /proc/self/mounts. */
#include "bench/target/mounttab.h"
#include "bench/msg.h"

#include <stdlib.h>
#include <string.h>

#include "common/fileio.h"

#define MOUNTS_PATH "/proc/self/mounts"

/* "DEVICE DIR TYPE OPTIONS 0 0" lines; DIR as the kernel escapes it
 * (a space is \040), which the mount points of a suite never need. */
int mounttab_type(const char *text, const char *dir, char *type, size_t len)
{
	int found = -1;
	size_t dir_len = strlen(dir);

	for (const char *line = text; line && *line; ) {
		const char *end = strchr(line, '\n');
		size_t line_len = end ? (size_t)(end - line) : strlen(line);
		const char *point = memchr(line, ' ', line_len);

		if (point && (size_t)(line + line_len - ++point) > dir_len &&
		    strncmp(point, dir, dir_len) == 0 && point[dir_len] == ' ') {
			const char *t = point + dir_len + 1;
			size_t t_len = strcspn(t, " \n");
			if (t_len > 0 && t_len < len) {
				memcpy(type, t, t_len);
				type[t_len] = '\0';
				found = 0;
			}
		}
		line = end ? end + 1 : NULL;
	}
	return found;
}

int mounttab_read_type(const char *dir, char *type, size_t len)
{
	char *text = read_text(MOUNTS_PATH, 1 << 20, NULL);

	if (!text)
		return fail("could not read \"%s\":", MOUNTS_PATH);
	int rc = mounttab_type(text, dir, type, len);
	free(text);
	if (rc < 0)
		return fail("\"%s\" has no filesystem on \"%s\"", MOUNTS_PATH, dir);
	return 0;
}
