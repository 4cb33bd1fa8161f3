/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * suite_parse.c: read a suite's INI text (with inih) into struct suite.
 *
 * Every value is checked against its section's key table (suite_keys.c for
 * [suite] and [filesystem], knob_keys.c for [machine], each workload's own
 * table); [postgresql] takes any setting name, checked against the server
 * later, and [sysctl] any sysctl name, checked against the running kernel
 * later.  A comma list makes the key a dimension of the matrix; in
 * [postgresql], [sysctl] and [machine] a comma inside single quotes belongs
 * to the value.  A [machine] value ending in '!' is required: the '!' is
 * taken off and noted in the param.
 */
#include "bench/suite/suite_parse.h"
#include "bench/suite/knob_keys.h"
#include "bench/suite/suite_keys.h"
#include "bench/suite/workload_spec.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ini.h"

struct parser {
	struct suite *s;
	const char *cursor;        /* where the last key was found in the text */
	int line;                  /* its line number */
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

/* A copy of n bytes of value kept in the suite; NULL if the suite is too big. */
static const char *keep_n(struct suite *s, const char *value, size_t n)
{
	if (n + 1 > sizeof(s->strings) - s->strings_used)
		return NULL;
	char *copy = s->strings + s->strings_used;
	memcpy(copy, value, n);
	copy[n] = '\0';
	s->strings_used += n + 1;
	return copy;
}

static const char *keep(struct suite *s, const char *value)
{
	return keep_n(s, value, strlen(value));
}

/*
 * inih does not say on which line a key is: find it, going forward from
 * the last one (keys come in the order of the text).
 */
static void find_line(struct parser *p, const char *name)
{
	size_t n = strlen(name);

	while (*p->cursor) {
		const char *line = p->cursor + strspn(p->cursor, " \t");
		const char *end = strchr(p->cursor, '\n');
		const char *next = end ? end + 1 : p->cursor + strlen(p->cursor);
		bool match = strncmp(line, name, n) == 0 &&
			strchr(" \t=:", line[n]) && line[n] != '\0';

		p->cursor = next;
		p->line++;
		if (match)
			return;
	}
}

/* Check one value of key k; 1, or 0 after bad(). */
static int check_value(struct parser *p, const char *section,
		       const struct suite_key *k, const char *v)
{
	long long n;
	bool b;

	switch (k->kind) {
	case SK_INT:
		if (!suite_parse_int(v, &n) || n < k->min || n > k->max)
			return bad(p, "[%s] %s: \"%s\" is not a whole number from %lld to %lld",
				   section, k->name, v, k->min, k->max);
		return 1;
	case SK_SIZE:
		if (!suite_parse_size(v, &n) || n < k->min || n > k->max)
			return bad(p, "[%s] %s: \"%s\" is not a size from %lld to %lld bytes "
				   "(a number with k, M, G or T)", section, k->name, v,
				   k->min, k->max);
		return 1;
	case SK_BOOL:
		if (!suite_parse_bool(v, &b))
			return bad(p, "[%s] %s: \"%s\" is not 0 or 1", section, k->name, v);
		return 1;
	case SK_STRING:
		return 1;
	case SK_CHOICE:
		for (const char *const *c = k->choices; *c; c++)
			if (strcmp(*c, v) == 0)
				return 1;
		char list[256] = "";
		size_t used = 0;
		for (const char *const *c = k->choices; *c && used < sizeof(list); c++)
			used += (size_t)snprintf(list + used, sizeof(list) - used,
						 "%s%s", used ? ", " : "", *c);
		return bad(p, "[%s] %s: \"%s\" is not one of: %s", section,
			   k->name, v, list);
	}
	return bad(p, "[%s] %s: unknown kind of value", section, k->name);
}

/*
 * Split v into the param's values at commas (not inside single quotes
 * when quoted is set), each trimmed.  1, or 0 after bad().
 */
static int split_values(struct parser *p, struct suite_param *par,
			const char *v, bool list, bool quoted)
{
	par->n = 0;
	/* An empty text value ("features =") is one empty value. */
	if (v[strspn(v, " \t")] == '\0' && (!par->def || par->def->kind == SK_STRING)) {
		par->values[par->n++] = "";
		return 1;
	}
	for (;;) {
		const char *start = v + strspn(v, " \t");
		const char *c = start;
		bool in_quote = false;

		while (*c && (in_quote || *c != ',' || !list)) {
			if (quoted && *c == '\'')
				in_quote = !in_quote;
			c++;
		}
		const char *stop = c;
		while (stop > start && (stop[-1] == ' ' || stop[-1] == '\t'))
			stop--;
		/* 'a,b' in [postgresql]: one value, without the quotes. */
		if (quoted && stop - start >= 2 && *start == '\'' && stop[-1] == '\'') {
			start++;
			stop--;
		}
		if (stop == start)
			return bad(p, "[%s] %s: empty value%s", par->section,
				   par->key, list ? " in the list" : "");
		if (par->n == SUITE_MAX_VALUES)
			return bad(p, "[%s] %s: more than %d values", par->section,
				   par->key, SUITE_MAX_VALUES);
		if (!(par->values[par->n++] = keep_n(p->s, start, (size_t)(stop - start))))
			return bad(p, "suite too large");
		if (*c != ',')
			return 1;
		v = c + 1;
	}
}

static struct suite_section *section_of(struct suite *s, const char *name)
{
	for (size_t i = 0; i < s->n_sections; i++)
		if (strcmp(s->sections[i].name, name) == 0)
			return &s->sections[i];
	return NULL;
}

/* The keys of a section; NULL for [postgresql] and [sysctl] (any name) or
 * unknown. */
static const struct suite_key *keys_of(const char *section, bool *known,
				       bool *workload)
{
	const struct workload_spec *w = workload_spec_find(section);

	*workload = w != NULL;
	*known = true;
	if (w)
		return w->keys;
	if (strcmp(section, "suite") == 0)
		return suite_section_keys;
	if (strcmp(section, "filesystem") == 0)
		return filesystem_keys;
	if (strcmp(section, "machine") == 0)
		return machine_keys;
	*known = strcmp(section, "postgresql") == 0 || strcmp(section, "sysctl") == 0;
	return NULL;
}

static int add_section(struct parser *p, const char *name)
{
	struct suite *s = p->s;
	bool known, workload;

	keys_of(name, &known, &workload);
	if (!known) {
		char list[256] = "suite, filesystem, postgresql, sysctl, machine";
		size_t used = strlen(list);
		for (const struct workload_spec *const *w = workload_specs; *w && used < sizeof(list); w++)
			used += (size_t)snprintf(list + used, sizeof(list) - used,
						 ", %s", (*w)->name);
		return bad(p, "unknown section [%s] (sections: %s)", name, list);
	}
	if (s->n_sections == SUITE_MAX_SECTIONS)
		return bad(p, "more than %d sections", SUITE_MAX_SECTIONS);
	struct suite_section *sec = &s->sections[s->n_sections++];
	if (!(sec->name = keep(s, name)))
		return bad(p, "suite too large");
	sec->line = p->line;
	sec->workload = workload;
	return 1;
}

static struct suite_param *new_param(struct parser *p, const char *section,
				     const char *key)
{
	struct suite *s = p->s;

	if (s->n_params == SUITE_MAX_PARAMS) {
		bad(p, "more than %d keys", SUITE_MAX_PARAMS);
		return NULL;
	}
	struct suite_param *par = &s->params[s->n_params];
	memset(par, 0, sizeof(*par));
	par->section = section_of(s, section)->name;
	if (!(par->key = keep(s, key))) {
		bad(p, "suite too large");
		return NULL;
	}
	s->n_params++;
	return par;
}

/* A [machine] value ending in '!': required.  Take the '!' off, note it.
 * 1, or 0 after bad(). */
static int take_required(struct parser *p, struct suite_param *par)
{
	for (size_t i = 0; i < par->n; i++) {
		const char *v = par->values[i];
		size_t n = strlen(v);

		if (n == 0 || v[n - 1] != '!')
			continue;
		n--;
		while (n > 0 && strchr(" \t", v[n - 1]))
			n--;
		if (n >= 2 && v[0] == '\'' && v[n - 1] == '\'') {      /* '0-3,8'! */
			v++;
			n -= 2;
		}
		if (n == 0)
			return bad(p, "[%s] %s: \"!\" alone is not a value", par->section,
				   par->key);
		if (!(par->values[i] = keep_n(p->s, v, n)))
			return bad(p, "suite too large");
		par->required |= (uint32_t)1 << i;
	}
	return 1;
}

static int handler(void *user, const char *section, const char *name,
		   const char *value)
{
	struct parser *p = user;
	bool known, workload;
	const struct suite_key *keys = keys_of(section, &known, &workload);
	const struct suite_key *k = NULL;

	find_line(p, name);
	if (!section_of(p->s, section) && !add_section(p, section))
		return 0;
	if (keys) {
		for (k = keys; k->name && strcmp(k->name, name) != 0; k++)
			;
		if (!k->name)
			return bad(p, "unknown key \"%s\" in [%s]", name, section);
	} else if (strcmp(section, "sysctl") == 0) {
		if (!sysctl_name_valid(name))
			return bad(p, "[sysctl] \"%s\" is not a sysctl name (words joined by "
				   "dots, as sysctl(8) writes them: vm.dirty_ratio)", name);
	} else if (strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_.") != strlen(name)) {
		return bad(p, "[%s] \"%s\" is not a PostgreSQL setting name",
			   section, name);
	}
	if (suite_param(p->s, section, name))
		return bad(p, "[%s] %s is set twice", section, name);
	struct suite_param *par = new_param(p, section, name);
	if (!par)
		return 0;
	par->def = k;
	par->line = p->line;
	if (k && !k->list && k->kind != SK_STRING && strchr(value, ','))
		return bad(p, "[%s] %s takes one value, not a list", section, name);
	bool machine = strcmp(section, "machine") == 0;
	if (!split_values(p, par, value, !k || k->list, !k || machine))
		return 0;
	if (machine && !take_required(p, par))
		return 0;
	for (size_t i = 0; k && i < par->n; i++)
		if (!check_value(p, section, k, par->values[i]))
			return 0;
	return 1;
}

/* Add the fallback of every key a present section leaves out; a [machine]
 * key left out stays out (the machine keeps its own). */
static int fill_fallbacks(struct suite *s, char *err, size_t errlen)
{
	struct parser p = { .s = s };

	for (size_t i = 0; i < s->n_sections; i++) {
		bool known, workload;
		const struct suite_key *keys = keys_of(s->sections[i].name,
						       &known, &workload);
		if (strcmp(s->sections[i].name, "machine") == 0)
			continue;
		for (const struct suite_key *k = keys; k && k->name; k++) {
			if (suite_param(s, s->sections[i].name, k->name))
				continue;
			if (!k->fallback) {
				snprintf(err, errlen, "[%s] %s is missing",
					 s->sections[i].name, k->name);
				return -1;
			}
			struct suite_param *par = new_param(&p, s->sections[i].name, k->name);
			if (!par || !split_values(&p, par, k->fallback, false, false)) {
				snprintf(err, errlen, "%s", p.msg);
				return -1;
			}
			par->def = k;
		}
	}
	return 0;
}

/*
 * The sections, in the order of the text, before inih reads the keys:
 * inih says nothing of a section without keys ([fsync] alone runs the
 * fsync workload with its defaults).
 */
static int scan_sections(struct parser *p, const char *text)
{
	int line = 0;

	for (const char *at = text; *at;) {
		size_t len = strcspn(at, "\n");
		char buf[128], *l, *close;

		line++;
		snprintf(buf, sizeof(buf), "%.*s", (int)(len < sizeof(buf) ? len : sizeof(buf) - 1), at);
		at += len + (at[len] == '\n');
		l = buf + strspn(buf, " \t");
		if (*l != '[' || !(close = strchr(l, ']')))
			continue;      /* a key, or a bad line inih reports */
		*close = '\0';
		p->line = line;
		if (!section_of(p->s, l + 1) && !add_section(p, l + 1))
			return line;
	}
	p->line = 0;
	return 0;
}

int suite_parse(const char *name, const char *source, const char *text,
		struct suite *s, char *err, size_t errlen)
{
	struct parser p = { .s = s, .cursor = text };
	char why[256];

	memset(s, 0, sizeof(*s));
	snprintf(s->name, sizeof(s->name), "%s", name);
	s->source = source;
	s->text = text;

	/* [suite] and [filesystem] exist even when the file leaves them out. */
	int line = scan_sections(&p, text);
	if (line == 0)
		line = ini_parse_string(text, handler, &p);
	p.line = 0;      /* sections the file leaves out have no line */
	if (line == 0 && !section_of(s, "suite"))
		add_section(&p, "suite");
	if (line == 0 && !section_of(s, "filesystem"))
		add_section(&p, "filesystem");
	if (line != 0) {
		if (line < 0)
			snprintf(err, errlen, "suite \"%s\" (%s): could not be read",
				 name, source);
		else
			snprintf(err, errlen, "suite \"%s\" (%s), line %d: %s",
				 name, source, line, p.msg[0] ? p.msg : "syntax error");
		return -1;
	}
	if (fill_fallbacks(s, why, sizeof(why)) < 0) {
		snprintf(err, errlen, "suite \"%s\" (%s): %s", name, source, why);
		return -1;
	}
	const struct suite_param *at = NULL;
	if (suite_check(s, &at, why, sizeof(why)) < 0) {
		/* A key left at its default: the line of its section. */
		line = at ? at->line : 0;
		for (size_t i = 0; at && !line && i < s->n_sections; i++)
			if (strcmp(s->sections[i].name, at->section) == 0)
				line = s->sections[i].line;
		if (at && line)
			snprintf(err, errlen, "suite \"%s\" (%s), line %d: [%s] %s",
				 name, source, line, at->section, why);
		else if (at)
			snprintf(err, errlen, "suite \"%s\" (%s): [%s] %s",
				 name, source, at->section, why);
		else
			snprintf(err, errlen, "suite \"%s\" (%s): %s", name, source, why);
		return -1;
	}
	return 0;
}
