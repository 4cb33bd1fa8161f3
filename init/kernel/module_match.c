/* SPDX-License-Identifier: GPL-2.0-only */
/* module_match.c: the modules of load.list this machine's devices call for. */
#include "init/kernel/module_match.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The index of file name word among the count names; -1 if none. */
static long find(const char *const *names, size_t count, const char *word)
{
	for (size_t i = 0; i < count; i++)
		if (strcmp(names[i], word) == 0)
			return (long)i;
	return -1;
}

/* The next line of *text (cut at '#', trimmed of nothing else), or NULL. */
static char *next_line(char **text, size_t *lineno)
{
	char *line = *text, *end;

	if (!line || !*line)
		return NULL;
	end = strchr(line, '\n');
	*text = end ? end + 1 : line + strlen(line);
	if (end)
		*end = '\0';
	if ((end = strchr(line, '#')))
		*end = '\0';
	(*lineno)++;
	return line;
}

static int parse_aliases(struct module_match *m, char *text, char *err, size_t errlen)
{
	size_t lineno = 0, cap = 0;
	char *line;

	while ((line = next_line(&text, &lineno))) {
		char *save = NULL, *w[4];
		int n = 0;
		long i;

		while (n < 4 && (w[n] = strtok_r(n ? NULL : line, " \t", &save)))
			n++;
		if (n == 0)
			continue;
		if (n != 3 || strcmp(w[0], "alias") != 0) {
			snprintf(err, errlen, "load.alias:%zu: not \"alias PATTERN FILE\"", lineno);
			return -1;
		}
		if ((i = find(m->names, m->count, w[2])) < 0) {
			snprintf(err, errlen, "load.alias:%zu: \"%s\" is not in load.list", lineno, w[2]);
			return -1;
		}
		if (m->naliases == cap) {
			struct module_alias *more;

			cap = cap ? cap * 2 : 64;
			if (!(more = realloc(m->aliases, cap * sizeof *more))) {
				snprintf(err, errlen, "load.alias: out of memory");
				return -1;
			}
			m->aliases = more;
		}
		m->aliases[m->naliases++] = (struct module_alias){ .pattern = w[1], .module = (size_t)i };
		m->has_alias[i] = true;
	}
	return 0;
}

static int parse_deps(struct module_match *m, char *text, char *err, size_t errlen)
{
	size_t lineno = 0;
	char *line;

	while ((line = next_line(&text, &lineno))) {
		char *colon = strchr(line, ':'), *save = NULL, *word;
		long i;

		line += strspn(line, " \t");
		if (!*line)
			continue;
		if (!colon) {
			snprintf(err, errlen, "load.dep:%zu: not \"FILE: [FILE...]\"", lineno);
			return -1;
		}
		*colon = '\0';
		if ((i = find(m->names, m->count, line)) < 0) {
			snprintf(err, errlen, "load.dep:%zu: \"%s\" is not in load.list", lineno, line);
			return -1;
		}
		for (word = strtok_r(colon + 1, " \t", &save); word; word = strtok_r(NULL, " \t", &save)) {
			long j = find(m->names, m->count, word);

			if (j < 0) {
				snprintf(err, errlen, "load.dep:%zu: \"%s\" is not in load.list", lineno, word);
				return -1;
			}
			m->needs[(size_t)i * m->count + (size_t)j] = true;
			m->needed[j] = true;
		}
	}
	return 0;
}

int module_match_init(struct module_match *m, const char *const *names, size_t count,
		      char *alias_text, char *dep_text, char *err, size_t errlen)
{
	memset(m, 0, sizeof *m);
	m->names = names;
	m->count = count;
	m->needs = calloc(count * count + 1, sizeof *m->needs);
	m->needed = calloc(count + 1, sizeof *m->needed);
	m->has_alias = calloc(count + 1, sizeof *m->has_alias);
	m->wanted = calloc(count + 1, sizeof *m->wanted);
	if (!m->needs || !m->needed || !m->has_alias || !m->wanted) {
		module_match_free(m);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (parse_aliases(m, alias_text, err, errlen) < 0 || parse_deps(m, dep_text, err, errlen) < 0) {
		module_match_free(m);
		return -1;
	}
	return 0;
}

void module_match_free(struct module_match *m)
{
	free(m->aliases);
	free(m->needs);
	free(m->needed);
	free(m->has_alias);
	free(m->wanted);
	m->aliases = NULL;
	m->needs = NULL;
	m->needed = m->has_alias = m->wanted = NULL;
}

/* Module i wanted, and what it needs; the number newly wanted. */
static size_t want(struct module_match *m, size_t i)
{
	size_t n = !m->wanted[i];

	m->wanted[i] = true;
	for (size_t j = 0; j < m->count; j++)
		if (m->needs[i * m->count + j] && !m->wanted[j]) {
			m->wanted[j] = true;
			n++;
		}
	return n;
}

size_t module_match_want(struct module_match *m, const char *const *modaliases, size_t n)
{
	size_t added = 0;

	if (!m->started) {
		for (size_t i = 0; i < m->count; i++)
			if (!m->has_alias[i] && !m->needed[i])
				added += want(m, i);
		m->started = true;
	}
	for (size_t a = 0; a < m->naliases; a++) {
		const struct module_alias *al = &m->aliases[a];

		if (m->wanted[al->module])
			continue;
		for (size_t d = 0; d < n; d++)
			if (fnmatch(al->pattern, modaliases[d], 0) == 0) {
				added += want(m, al->module);
				break;
			}
	}
	return added;
}
