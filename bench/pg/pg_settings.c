/* SPDX-License-Identifier: GPL-2.0-only */
/* pg_settings.c: the names and kinds of the server's settings. */
#include "bench/pg/pg_settings.h"
#include "bench/msg.h"
#include "bench/os/proc.h"
#include "bench/pg/pg.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define DESCRIBE_TIMEOUT_S 30

struct known {
	char (*names)[64];
	char *is_bool;
	size_t n, cap;
};

/* "name<TAB>context<TAB>group<TAB>type<TAB>..." */
static void take_line(void *arg, const char *line)
{
	struct known *k = arg;
	const char *tab = strchr(line, '\t');

	if (!tab || (size_t)(tab - line) >= sizeof(k->names[0]))
		return;
	if (k->n == k->cap) {
		size_t cap = k->cap ? 2 * k->cap : 512;
		void *names = realloc(k->names, cap * sizeof(k->names[0]));
		void *is_bool = names ? realloc(k->is_bool, cap) : NULL;
		if (names)
			k->names = names;
		if (!is_bool)
			return;
		k->is_bool = is_bool;
		k->cap = cap;
	}
	memcpy(k->names[k->n], line, (size_t)(tab - line));
	k->names[k->n][tab - line] = '\0';
	const char *type = tab;
	for (int field = 0; field < 3 && type; field++)
		type = strchr(type + 1, '\t');
	k->is_bool[k->n] = type && strncmp(type + 1, "BOOLEAN", 7) == 0;
	k->n++;
}

/* PostgreSQL's booleans: on, off, true, false, yes, no, 1, 0. */
static bool pg_bool(const char *v)
{
	static const char *const words[] = {
		"on", "off", "true", "false", "yes", "no", "1", "0",
	};
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strcasecmp(v, words[i]) == 0)
			return true;
	return false;
}

static int check(const struct suite *s, const struct known *k)
{
	for (size_t i = 0; i < s->n_params; i++) {
		const struct suite_param *p = &s->params[i];
		size_t j;

		if (strcmp(p->section, "postgresql") != 0)
			continue;
		for (j = 0; j < k->n && strcasecmp(k->names[j], p->key) != 0; j++)
			;
		if (j == k->n)
			return fail("suite \"%s\" (%s), line %d: [postgresql] %s: "
				    "PostgreSQL has no such setting", s->name,
				    s->source, p->line, p->key);
		for (size_t v = 0; k->is_bool[j] && v < p->n; v++)
			if (!pg_bool(p->values[v]))
				return fail("suite \"%s\" (%s), line %d: [postgresql] %s: "
					    "\"%s\" is not a boolean (on, off)",
					    s->name, s->source, p->line, p->key,
					    p->values[v]);
	}
	return 0;
}

int pg_check_settings(const struct suite *s, const char *log_path)
{
	char postgres[PATH_MAX];
	const char *argv[] = { postgres, "--describe-config", NULL };
	struct proc_spec spec = {
		.name = "postgres --describe-config", .spawn.argv = argv,
		.spawn.out_fd = -1, .log_name = "logs/describe-config.txt",
	};
	static const char *const envp[] = { "LC_ALL=C", "TZ=UTC", NULL };
	struct known k = { 0 };

	spec.spawn.envp = envp;
	pg_program(postgres, sizeof(postgres), "postgres");
	int rc = proc_run_logged(&spec, DESCRIBE_TIMEOUT_S, log_path, NULL,
				 take_line, &k);
	if (rc == 0 && k.n < 100)
		rc = fail("postgres --describe-config listed only %zu settings "
			  "(see logs/describe-config.txt)", k.n);
	if (rc == 0)
		rc = check(s, &k);
	free(k.names);
	free(k.is_bool);
	return rc;
}
