/* SPDX-License-Identifier: GPL-2.0-only */
/* suite_read.c: where suites come from (suite_read.h). */
#include "bench/suite/suite_read.h"
#include "bench/suite/suite_parse.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/fileio.h"

#define SUITE_FILE_MAX (64 * 1024)

int suite_lookup_in(const char *dir, const char *name, struct suite *s,
		    char *err, size_t errlen)
{
	char path[PATH_MAX];

	/* A suite on the results partition overrides the built-in one. */
	if (dir && strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			  "0123456789_-") == strlen(name)) {
		snprintf(path, sizeof(path), "%s/%s.ini", dir, name);
		if (access(path, F_OK) == 0)
			return suite_read_file(path, s, err, errlen);
		if (errno != ENOENT) {
			snprintf(err, errlen, "could not read suite file \"%s\": %s",
				 path, strerror(errno));
			return -1;
		}
	}
	for (const struct suite_text *b = builtin_suites; b->name; b++)
		if (strcmp(b->name, name) == 0)
			return suite_parse(b->name, "built-in", b->text, s,
					   err, errlen);

	char names[512] = "";
	size_t used = 0;
	for (const struct suite_text *b = builtin_suites;
	     b->name && used < sizeof(names); b++)
		used += (size_t)snprintf(names + used, sizeof(names) - used,
					 "%s%s", used ? ", " : "", b->name);
	snprintf(err, errlen, "unknown suite \"%s\" (built-in suites: %s%s%s)",
		 name, names, dir ? "; none in " : "", dir ? dir : "");
	return -1;
}

int suite_lookup(const char *name, struct suite *s, char *err, size_t errlen)
{
	return suite_lookup_in(SUITE_RESULTS_DIR, name, s, err, errlen);
}

/* The whole suite file into a new string, or NULL with errno set. */
static char *read_suite_text(const char *path)
{
	size_t len;
	char *text = read_text(path, SUITE_FILE_MAX + 1, &len);

	if (text && len > SUITE_FILE_MAX) {
		free(text);
		errno = EFBIG;
		return NULL;
	}
	return text;
}

int suite_read_file(const char *path, struct suite *s, char *err, size_t errlen)
{
	char name[PATH_MAX];
	char *text = read_suite_text(path);

	if (!text) {
		snprintf(err, errlen, "could not read suite file \"%s\": %s", path,
			 strerror(errno));
		return -1;
	}
	snprintf(name, sizeof(name), "%s", path);
	char *base = basename(name);
	size_t n = strlen(base);
	if (n > 4 && strcmp(base + n - 4, ".ini") == 0)
		base[n - 4] = '\0';
	if (suite_parse(base, path, text, s, err, errlen) < 0) {
		free(text);
		return -1;
	}
	s->file_text = text;
	snprintf(s->path, sizeof(s->path), "%s", path);
	s->source = s->path;
	snprintf(name, sizeof(name), "%s", path);
	snprintf(s->dir, sizeof(s->dir), "%s", dirname(name));
	return 0;
}
