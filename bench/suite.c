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

#define SUITE_FILE_MAX (64 * 1024)

int suite_lookup(const char *name, struct suite *s, char *err, size_t errlen)
{
	/* Suites from the results partition (suites/NAME.ini) come first
	 * once suite files are read from there. */
	for (const struct suite_text *b = builtin_suites; b->name; b++)
		if (strcmp(b->name, name) == 0)
			return suite_parse(b->name, "built-in", b->text, s,
					   err, errlen);

	char names[256] = "";
	size_t used = 0;
	for (const struct suite_text *b = builtin_suites;
	     b->name && used < sizeof(names); b++)
		used += (size_t)snprintf(names + used, sizeof(names) - used,
					 "%s%s", used ? ", " : "", b->name);
	snprintf(err, errlen, "unknown suite \"%s\" (built-in suites: %s)",
		 name, names);
	return -1;
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
	fprintf(out, "filesystem=%s\n", s->fs.type);
	fprintf(out, "cases=%zu\n", suite_case_count(s));
	for (size_t i = 0; i < suite_case_count(s); i++) {
		struct bench_case c;
		suite_case(s, i, &c);
		fprintf(out, "case.%d=%s\n", c.index, c.id);
	}
}

size_t suite_case_count(const struct suite *s)
{
	return s->pgbench.clients.n;
}

void suite_case(const struct suite *s, size_t index, struct bench_case *c)
{
	const struct suite_pgbench *pb = &s->pgbench;
	struct pgbench_params *p = &c->pgbench;

	c->index = (int)index;
	c->workload = "pgbench";
	p->script = pb->script;
	p->scale = pb->scale;
	p->clients = pb->clients.values[index];
	/* pgbench runs at most one thread per client. */
	p->threads = pb->threads > 0 && pb->threads < p->clients ?
		pb->threads : p->clients;
	p->duration_s = pb->duration_s;
	p->protocol = pb->protocol;
	snprintf(c->id, sizeof(c->id), "pgbench-%s-s%d-c%d",
		 p->script, p->scale, p->clients);
}
