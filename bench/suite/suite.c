/* SPDX-License-Identifier: GPL-2.0-only */
/* suite.c: a suite's params and their values (suite.h). */
#include "bench/suite/suite.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

bool suite_env_section(const char *name)
{
	return strcmp(name, "filesystem") == 0 || strcmp(name, "postgresql") == 0 ||
	       strcmp(name, "sysctl") == 0 || strcmp(name, "machine") == 0;
}

const struct suite_param *suite_param(const struct suite *s,
				      const char *section, const char *key)
{
	for (size_t i = 0; i < s->n_params; i++)
		if (strcmp(s->params[i].section, section) == 0 &&
		    strcmp(s->params[i].key, key) == 0)
			return &s->params[i];
	return NULL;
}

long long suite_number(const struct suite *s, const char *section,
		       const char *key)
{
	const struct suite_param *p = suite_param(s, section, key);
	return p ? suite_value_number(p, p->values[0]) : 0;
}

long long suite_value_number(const struct suite_param *p, const char *value)
{
	long long n = 0;
	bool b;

	if (p->def && p->def->kind == SK_SIZE && suite_parse_size(value, &n))
		return n;
	if (suite_parse_bool(value, &b) && (!p->def || p->def->kind == SK_BOOL))
		return b;
	return strtoll(value, NULL, 10);
}

bool suite_parse_bool(const char *text, bool *out)
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

static bool parse_number(const char *text, long long *out, const char **end)
{
	char *e;
	errno = 0;
	long long v = strtoll(text, &e, 10);
	if (errno || e == text || !(isdigit((unsigned char)*text) || *text == '-'))
		return false;
	*out = v;
	*end = e;
	return true;
}

bool suite_parse_int(const char *text, long long *out)
{
	const char *end;
	return parse_number(text, out, &end) && *end == '\0';
}

bool suite_parse_size(const char *text, long long *bytes)
{
	static const char units[] = "kMGT";
	const char *end;
	long long v;

	if (!parse_number(text, &v, &end) || v < 0)
		return false;
	if (*end == 'K')
		end = "k";      /* 64K is as clear as 64k */
	const char *u = *end ? strchr(units, *end) : NULL;
	if (*end && !u)
		return false;
	if (u) {
		for (int i = 0; i <= u - units; i++) {
			if (v > LLONG_MAX / 1024)
				return false;
			v *= 1024;
		}
		end++;
		if (*end == 'B' || strcmp(end, "iB") == 0)
			end += *end == 'B' ? 1 : 2;
	}
	if (*end)
		return false;
	*bytes = v;
	return true;
}

void suite_free(struct suite *s)
{
	free(s->file_text);
	s->file_text = NULL;
}
