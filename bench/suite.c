/* suite.c: where suites come from, what describe says, the cases. */
#include "suite.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fileio.h"
#include "workload.h"

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

void suite_free(struct suite *s)
{
	free(s->file_text);
	s->file_text = NULL;
}

void suite_describe(const struct suite *s, FILE *out)
{
	fprintf(out, "suite=%s\n", s->name);
	fprintf(out, "source=%s\n", s->source);
	fprintf(out, "min_target_mib=%d\n", s->min_target_mib);
	fprintf(out, "allow_unmarked=%d\n", s->allow_unmarked);
	fprintf(out, "needs_wal=%d\n", s->needs_wal);
	fprintf(out, "repeats=%d\n", s->repeats);
	fprintf(out, "cases=%zu\n", suite_case_count(s));
	for (size_t i = 0; i < suite_case_count(s); i++) {
		struct bench_case c;
		suite_case(s, i, &c);
		fprintf(out, "case.%d=%s\n", c.index, c.id);
	}
}
