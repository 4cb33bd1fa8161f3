/* SPDX-License-Identifier: GPL-2.0-only */
/* files.c: the init's file helpers (see files.h). */
#include "init/files.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "init/console.h"

char *trim(char *s)
{
	char *end;

	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	end = s + strlen(s);
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' ||
			   end[-1] == '\n' || end[-1] == '\r'))
		*--end = '\0';
	return s;
}

int write_file_filled(const char *dir, const char *name,
		      int (*fill)(FILE *out, const void *arg), const void *arg)
{
	char path[PATH_MAX], err[PATH_MAX + 32];
	char *text = NULL;
	size_t len = 0;
	FILE *out;
	int bad, rc;

	if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path) {
		errno = ENAMETOOLONG;
		return fail("could not write \"%s/%s\":", dir, name);
	}
	out = open_memstream(&text, &len);
	if (!out)
		return fail("could not write \"%s\":", path);
	bad = fill(out, arg) < 0;
	if (fclose(out) != 0 || bad) {
		free(text);
		return fail("could not write \"%s\":", path);
	}
	rc = write_file_atomic(path, text, len, err, sizeof err);
	free(text);
	return rc < 0 ? fail("could not %s:", err) : 0;
}
