/* suite_parse.c: read a suite's INI text (with inih) into struct suite. */
#include "suite.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ini.h"

enum kind {
	K_INT,          /* a whole number >= min */
	K_BOOL,         /* 0/1, yes/no, on/off, true/false */
	K_STRING,
	K_CHOICE,       /* one of choices */
	K_INT_LIST,     /* 1,2,4: one case per value */
	K_THREADS,      /* a number, or "clients": one thread per client */
};

struct key {
	const char *section;
	const char *name;
	enum kind kind;
	size_t offset;
	bool required;
	int min;
	const char *const *choices;
};

static const char *const fs_types[] = { "ext4", NULL };
static const char *const scripts[] = {
	"tpcb-like", "simple-update", "select-only", NULL,
};
static const char *const protocols[] = { "simple", "extended", "prepared", NULL };

#define AT(field) offsetof(struct suite, field)

static const struct key keys[] = {
	{ "suite", "min_target_mib", K_INT, AT(min_target_mib), true, 1, NULL },
	{ "suite", "allow_unmarked", K_BOOL, AT(allow_unmarked), false, 0, NULL },
	{ "suite", "needs_wal", K_BOOL, AT(needs_wal), false, 0, NULL },
	{ "filesystem", "type", K_CHOICE, AT(fs.type), true, 0, fs_types },
	{ "filesystem", "features", K_STRING, AT(fs.features), true, 0, NULL },
	{ "filesystem", "block_size", K_INT, AT(fs.block_size), false, 1024, NULL },
	{ "filesystem", "inode_size", K_INT, AT(fs.inode_size), false, 128, NULL },
	{ "filesystem", "inode_ratio", K_INT, AT(fs.inode_ratio), false, 1024, NULL },
	{ "filesystem", "discard", K_BOOL, AT(fs.discard), false, 0, NULL },
	{ "filesystem", "mount_options", K_STRING, AT(fs.mount_options), false, 0, NULL },
	{ "pgbench", "script", K_CHOICE, AT(pgbench.script), true, 0, scripts },
	{ "pgbench", "scale", K_INT, AT(pgbench.scale), true, 1, NULL },
	{ "pgbench", "clients", K_INT_LIST, AT(pgbench.clients), true, 1, NULL },
	{ "pgbench", "threads", K_THREADS, AT(pgbench.threads), false, 1, NULL },
	{ "pgbench", "duration_s", K_INT, AT(pgbench.duration_s), true, 1, NULL },
	{ "pgbench", "protocol", K_CHOICE, AT(pgbench.protocol), false, 0, protocols },
};

#define N_KEYS (sizeof(keys) / sizeof(keys[0]))

struct parser {
	struct suite *s;
	bool seen[N_KEYS];
	char msg[256];
};

static int bad(struct parser *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int bad(struct parser *p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->msg, sizeof(p->msg), fmt, ap);
	va_end(ap);
	return 0;
}

/* Keep a copy of a value in the suite; NULL if the suite is too big. */
static const char *keep(struct suite *s, const char *value)
{
	size_t n = strlen(value) + 1;
	if (n > sizeof(s->strings) - s->strings_used)
		return NULL;
	char *copy = s->strings + s->strings_used;
	memcpy(copy, value, n);
	s->strings_used += n;
	return copy;
}

static bool parse_int(const char *text, int min, int *out)
{
	char *end;
	errno = 0;
	long v = strtol(text, &end, 10);
	if (errno || end == text || *end != '\0' || v < min || v > INT_MAX)
		return false;
	*out = (int)v;
	return true;
}

static bool parse_bool(const char *text, bool *out)
{
	static const char *const yes[] = { "1", "yes", "on", "true" };
	static const char *const no[] = { "0", "no", "off", "false" };

	for (size_t i = 0; i < 4; i++) {
		if (strcmp(text, yes[i]) == 0 || strcmp(text, no[i]) == 0) {
			*out = strcmp(text, yes[i]) == 0;
			return true;
		}
	}
	return false;
}

static int set_int_list(struct parser *p, const struct key *k, const char *v,
			struct suite_list *list)
{
	char buf[256];

	if (snprintf(buf, sizeof(buf), "%s", v) >= (int)sizeof(buf))
		return bad(p, "%s: list too long", k->name);
	list->n = 0;
	for (char *save = NULL, *item = strtok_r(buf, ",", &save); item;
	     item = strtok_r(NULL, ",", &save)) {
		item += strspn(item, " \t");
		item[strcspn(item, " \t")] = '\0';
		if (list->n == SUITE_MAX_LIST)
			return bad(p, "%s: more than %d values", k->name,
				   SUITE_MAX_LIST);
		if (!parse_int(item, k->min, &list->values[list->n]))
			return bad(p, "%s: \"%s\" is not a whole number >= %d",
				   k->name, item, k->min);
		list->n++;
	}
	if (list->n == 0)
		return bad(p, "%s: empty list", k->name);
	return 1;
}

static int set_choice(struct parser *p, const struct key *k, const char *v,
		      const char **field)
{
	char list[256] = "";
	size_t used = 0;

	for (const char *const *c = k->choices; *c; c++) {
		if (strcmp(*c, v) == 0) {
			*field = *c;
			return 1;
		}
		if (used < sizeof(list))
			used += (size_t)snprintf(list + used, sizeof(list) - used,
						 "%s%s", used ? ", " : "", *c);
	}
	return bad(p, "%s: \"%s\" is not one of: %s", k->name, v, list);
}

static int set_value(struct parser *p, const struct key *k, const char *v)
{
	void *field = (char *)p->s + k->offset;

	switch (k->kind) {
	case K_INT:
		if (!parse_int(v, k->min, field))
			return bad(p, "%s: \"%s\" is not a whole number >= %d",
				   k->name, v, k->min);
		return 1;
	case K_BOOL:
		if (!parse_bool(v, field))
			return bad(p, "%s: \"%s\" is not 0 or 1", k->name, v);
		return 1;
	case K_STRING:
		if (!(*(const char **)field = keep(p->s, v)))
			return bad(p, "suite too large");
		return 1;
	case K_CHOICE:
		return set_choice(p, k, v, field);
	case K_INT_LIST:
		return set_int_list(p, k, v, field);
	case K_THREADS:
		if (strcmp(v, "clients") == 0)
			*(int *)field = 0;
		else if (!parse_int(v, k->min, field))
			return bad(p, "%s: \"%s\" is neither \"clients\" nor a whole number >= %d",
				   k->name, v, k->min);
		return 1;
	}
	return bad(p, "%s: unknown kind of value", k->name);
}

/* [postgresql]: name = value lines for postgresql.conf. */
static int add_setting(struct parser *p, const char *name, const char *value)
{
	struct suite *s = p->s;

	if (strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_.") != strlen(name))
		return bad(p, "\"%s\" is not a PostgreSQL setting name", name);
	for (size_t i = 0; i < s->n_settings; i++)
		if (strcmp(s->settings[i].name, name) == 0)
			return bad(p, "%s is set twice", name);
	if (s->n_settings == SUITE_MAX_SETTINGS)
		return bad(p, "more than %d settings", SUITE_MAX_SETTINGS);
	struct suite_setting *set = &s->settings[s->n_settings];
	if (!(set->name = keep(s, name)) || !(set->value = keep(s, value)))
		return bad(p, "suite too large");
	s->n_settings++;
	return 1;
}

static int handler(void *user, const char *section, const char *name,
		   const char *value)
{
	struct parser *p = user;
	bool known_section = false;

	if (strcmp(section, "postgresql") == 0)
		return add_setting(p, name, value);
	for (size_t i = 0; i < N_KEYS; i++) {
		if (strcmp(keys[i].section, section) != 0)
			continue;
		known_section = true;
		if (strcmp(keys[i].name, name) != 0)
			continue;
		if (p->seen[i])
			return bad(p, "%s is set twice in [%s]", name, section);
		p->seen[i] = true;
		return set_value(p, &keys[i], value);
	}
	if (!known_section)
		return bad(p, "unknown section [%s]", section);
	return bad(p, "unknown key \"%s\" in [%s]", name, section);
}

int suite_parse(const char *name, const char *source, const char *text,
		struct suite *s, char *err, size_t errlen)
{
	struct parser p = { .s = s };

	memset(s, 0, sizeof(*s));
	snprintf(s->name, sizeof(s->name), "%s", name);
	s->source = source;
	s->text = text;
	s->fs.mount_options = "";
	s->pgbench.protocol = "simple";

	int line = ini_parse_string(text, handler, &p);
	if (line != 0) {
		if (line < 0)
			snprintf(err, errlen, "suite \"%s\" (%s): could not be read",
				 name, source);
		else
			snprintf(err, errlen, "suite \"%s\" (%s), line %d: %s",
				 name, source, line, p.msg[0] ? p.msg : "syntax error");
		return -1;
	}
	for (size_t i = 0; i < N_KEYS; i++) {
		if (keys[i].required && !p.seen[i]) {
			snprintf(err, errlen, "suite \"%s\" (%s): [%s] %s is missing",
				 name, source, keys[i].section, keys[i].name);
			return -1;
		}
	}
	return 0;
}
