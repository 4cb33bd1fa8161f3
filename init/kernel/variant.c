/* SPDX-License-Identifier: GPL-2.0-only */
/* variant.c: the name of a kernel variant and its parameters (variant.h). */
#include "init/kernel/variant.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define PARAM_CHARS "_-.,:=@"

static int wrong(struct variant *v, char *why, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int wrong(struct variant *v, char *why, size_t size, const char *fmt, ...)
{
	va_list ap;

	memset(v, 0, sizeof *v);
	va_start(ap, fmt);
	vsnprintf(why, size, fmt, ap);
	va_end(ap);
	return -1;
}

static bool param_char(unsigned char c)
{
	return isascii(c) && (isalnum(c) || (c && strchr(PARAM_CHARS, c)));
}

/* Check the parameter p of len bytes and add it to v. */
static int add_param(struct variant *v, const char *p, size_t len, char *why, size_t size)
{
	if (len == 0)
		return wrong(v, why, size, "an empty parameter: '+' at an end or twice in a row");
	if (len > VARIANT_PARAM_MAX)
		return wrong(v, why, size, "a parameter longer than %d characters", VARIANT_PARAM_MAX);
	if (!isascii((unsigned char)p[0]) || (!isalnum((unsigned char)p[0]) && p[0] != '_'))
		return wrong(v, why, size, "parameter '%.*s' does not start with a letter, a digit or _",
			     (int)len, p);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)p[i];

		if (param_char(c))
			continue;
		if (isprint(c))
			return wrong(v, why, size, "parameter '%.*s' holds '%c': a parameter is made of "
				     "letters, digits and " PARAM_CHARS, (int)len, p, c);
		return wrong(v, why, size, "parameter '%.*s' holds the byte 0x%02x: a parameter is made "
			     "of letters, digits and " PARAM_CHARS, (int)len, p, c);
	}
	if (len >= 10 && strncmp(p, "bootbench.", 10) == 0)
		return wrong(v, why, size, "parameter '%.*s' is bootbench's own: bootbench.* parameters "
			     "go on the command line, not in a variant", (int)len, p);
	for (int i = 0; i < v->count; i++)
		if (strlen(v->param[i]) == len && memcmp(v->param[i], p, len) == 0)
			return wrong(v, why, size, "parameter '%.*s' is given twice", (int)len, p);
	if (v->count == VARIANT_PARAMS_MAX)
		return wrong(v, why, size, "more than %d parameters", VARIANT_PARAMS_MAX);
	memcpy(v->param[v->count], p, len);
	v->param[v->count++][len] = '\0';
	return 0;
}

int variant_parse(const char *name, struct variant *v, char *why, size_t size)
{
	size_t len = strlen(name);

	memset(v, 0, sizeof *v);
	if (len == 0)
		return wrong(v, why, size, "an empty variant");
	if (len > VARIANT_NAME_MAX)
		return wrong(v, why, size, "longer than %d characters", VARIANT_NAME_MAX);
	for (const char *p = name;; ) {
		size_t part = strcspn(p, "+");

		if (add_param(v, p, part, why, size) < 0)
			return -1;
		if (!p[part])
			break;
		p += part + 1;
	}
	memcpy(v->name, name, len + 1);
	return 0;
}
