/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * matrix.c: the cases of a suite.
 *
 * Every key with more than one value is a dimension.  The environment
 * dimensions are those of [filesystem], [postgresql], [sysctl] and
 * [machine], in that order; a workload's are those of its section.  In order: environments (first key slowest),
 * within each the workload sections in file order, within each their
 * combinations (first key slowest), the repeats innermost.
 */
#include "bench/suite/matrix.h"
#include "bench/suite/workload_spec.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static bool is_env(const struct suite_param *p)
{
	return suite_env_section(p->section);
}

/* The environment's sections, the slowest-varying first. */
static const char *const env_sections[] = {
	"filesystem", "postgresql", "sysctl", "machine",
};
#define N_ENV_SECTIONS (sizeof(env_sections) / sizeof(env_sections[0]))

static size_t env_count(const struct suite *s)
{
	size_t n = 1;
	for (size_t i = 0; i < s->n_params; i++)
		if (is_env(&s->params[i]))
			n *= s->params[i].n;
	return n;
}

static size_t workload_combinations(const struct suite *s, const char *section)
{
	size_t n = 1;
	for (size_t i = 0; i < s->n_params; i++)
		if (strcmp(s->params[i].section, section) == 0)
			n *= s->params[i].n;
	return n;
}

static size_t cases_per_env(const struct suite *s)
{
	size_t n = 0;
	for (size_t i = 0; i < s->n_sections; i++)
		if (s->sections[i].workload)
			n += workload_combinations(s, s->sections[i].name) *
				(size_t)s->repeats;
	return n;
}

size_t suite_case_count(const struct suite *s)
{
	return env_count(s) * cases_per_env(s);
}

/* Set the choices of the params of section from *number, the last param
 * varying fastest; leave in *number what the slower ones take. */
static void choose_in(struct bench_case *c, size_t *number, const char *section)
{
	const struct suite *s = c->s;

	for (size_t i = s->n_params; i-- > 0;) {
		const struct suite_param *p = &s->params[i];
		if (strcmp(p->section, section) != 0)
			continue;
		c->choice[i] = (unsigned char)(*number % p->n);
		*number /= p->n;
	}
}

/* The choices of a workload section, or (section NULL) of the
 * environment: [filesystem] varying slower than [postgresql], [sysctl]
 * and [machine] wherever the sections are in the file. */
static void choose(struct bench_case *c, size_t number, const char *section)
{
	if (section) {
		choose_in(c, &number, section);
		return;
	}
	for (size_t e = N_ENV_SECTIONS; e-- > 0;)
		choose_in(c, &number, env_sections[e]);
}

/* Append "-key-value" with anything but [A-Za-z0-9_.] made '_'. */
static void append_word(char *id, size_t len, const char *key, const char *value)
{
	size_t used = strlen(id);

	if (used + 1 >= len)
		return;		/* full: nothing is appended */
	snprintf(id + used, len - used, "-%s-%s", key, value);
	for (char *p = id + used + 1; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_' && *p != '.' && *p != '-')
			*p = '_';
}

void suite_case(const struct suite *s, size_t index, struct bench_case *c)
{
	size_t per_env = cases_per_env(s);
	size_t rest = index % per_env;

	memset(c, 0, sizeof(*c));
	c->s = s;
	c->index = (int)index;
	c->env = (int)(index / per_env);
	choose(c, (size_t)c->env, NULL);
	for (size_t i = 0; i < s->n_sections; i++) {
		if (!s->sections[i].workload)
			continue;
		size_t n = workload_combinations(s, s->sections[i].name) *
			(size_t)s->repeats;
		if (rest >= n) {
			rest -= n;
			continue;
		}
		c->workload = s->sections[i].name;
		c->repeat = (int)(rest % (size_t)s->repeats) + 1;
		choose(c, rest / (size_t)s->repeats, c->workload);
		break;
	}

	const struct workload_spec *w = workload_spec_find(c->workload);
	w->case_id(c, c->group, sizeof(c->group));
	for (size_t e = 0; e < N_ENV_SECTIONS; e++)
		for (size_t i = 0; i < s->n_params; i++)
			if (strcmp(s->params[i].section, env_sections[e]) == 0 &&
			    s->params[i].n > 1)
				append_word(c->group, sizeof(c->group), s->params[i].key,
					    s->params[i].values[c->choice[i]]);
	if (s->repeats > 1)
		snprintf(c->id, sizeof(c->id), "%s-r%d", c->group, c->repeat);
	else
		snprintf(c->id, sizeof(c->id), "%s", c->group);
}

const char *case_value(const struct bench_case *c, const char *section,
		       const char *key)
{
	const struct suite_param *p = suite_param(c->s, section, key);
	return p ? p->values[c->choice[p - c->s->params]] : NULL;
}

long long case_number(const struct bench_case *c, const char *section,
		      const char *key)
{
	const char *v = case_value(c, section, key);
	return v ? suite_value_number(suite_param(c->s, section, key), v) : 0;
}

const char *case_param(const struct bench_case *c, const char *key)
{
	return case_value(c, c->workload, key);
}

long long case_param_number(const struct bench_case *c, const char *key)
{
	return case_number(c, c->workload, key);
}
