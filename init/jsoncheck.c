/* SPDX-License-Identifier: GPL-2.0-only */
/* jsoncheck.c: a recursive-descent JSON validator (no values kept). */
#include "jsoncheck.h"

#include <string.h>

struct cursor {
	const char *p, *end;
	int depth;
};

static bool value(struct cursor *c);

static void blanks(struct cursor *c)
{
	while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r'))
		c->p++;
}

static bool eat(struct cursor *c, char ch)
{
	blanks(c);
	if (c->p < c->end && *c->p == ch) {
		c->p++;
		return true;
	}
	return false;
}

static bool literal(struct cursor *c, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(c->end - c->p) < n || memcmp(c->p, word, n))
		return false;
	c->p += n;
	return true;
}

static bool hex(char ch)
{
	return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');
}

static bool string(struct cursor *c)
{
	if (c->p >= c->end || *c->p != '"')
		return false;
	for (c->p++; c->p < c->end; c->p++) {
		unsigned char ch = *c->p;

		if (ch == '"') {
			c->p++;
			return true;
		}
		if (ch < 0x20)
			return false;
		if (ch != '\\')
			continue;
		if (++c->p >= c->end)
			return false;
		if (*c->p == 'u') {
			for (int i = 0; i < 4; i++)
				if (++c->p >= c->end || !hex(*c->p))
					return false;
		} else if (!strchr("\"\\/bfnrt", *c->p) || !*c->p) {
			return false;
		}
	}
	return false;
}

static bool digits(struct cursor *c)
{
	const char *start = c->p;

	while (c->p < c->end && *c->p >= '0' && *c->p <= '9')
		c->p++;
	return c->p > start;
}

static bool number(struct cursor *c)
{
	if (c->p < c->end && *c->p == '-')
		c->p++;
	if (c->p < c->end && *c->p == '0')
		c->p++;
	else if (!digits(c))
		return false;
	if (c->p < c->end && *c->p == '.') {
		c->p++;
		if (!digits(c))
			return false;
	}
	if (c->p < c->end && (*c->p == 'e' || *c->p == 'E')) {
		c->p++;
		if (c->p < c->end && (*c->p == '+' || *c->p == '-'))
			c->p++;
		if (!digits(c))
			return false;
	}
	return true;
}

/* Members or elements up to the closing bracket. */
static bool container(struct cursor *c, char close, bool keys)
{
	if (++c->depth > 64)
		return false;
	c->p++;
	if (eat(c, close))
		goto done;
	do {
		blanks(c);
		if (keys && (!string(c) || !eat(c, ':')))
			return false;
		if (!value(c))
			return false;
	} while (eat(c, ','));
	if (!eat(c, close))
		return false;
done:
	c->depth--;
	return true;
}

static bool value(struct cursor *c)
{
	blanks(c);
	if (c->p >= c->end)
		return false;
	switch (*c->p) {
	case '{': return container(c, '}', true);
	case '[': return container(c, ']', false);
	case '"': return string(c);
	case 't': return literal(c, "true");
	case 'f': return literal(c, "false");
	case 'n': return literal(c, "null");
	default: return number(c);
	}
}

bool json_valid(const char *text, size_t len)
{
	struct cursor c = { text, text + len, 0 };

	if (!value(&c))
		return false;
	blanks(&c);
	return c.p == c.end;
}
