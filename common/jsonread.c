/* SPDX-License-Identifier: GPL-2.0-only */
/* jsonread.c: the recursive-descent JSON reader declared in jsonread.h. */
#include "common/jsonread.h"
#include "common/utf8.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct parser {
	const char *p, *end;
	const char *line_start;
	int line;
	struct jr_error *err;
	bool failed;
};

static bool fail(struct parser *ps, const char *msg)
{
	if (!ps->failed) {
		ps->failed = true;
		if (ps->err) {
			ps->err->line = ps->line;
			ps->err->column = (int)(ps->p - ps->line_start) + 1;
			snprintf(ps->err->message, sizeof ps->err->message, "%s", msg);
		}
	}
	return false;
}

static void skip_space(struct parser *ps)
{
	while (ps->p < ps->end) {
		char c = *ps->p;
		if (c == '\n') {
			ps->line++;
			ps->line_start = ps->p + 1;
		} else if (c != ' ' && c != '\t' && c != '\r') {
			return;
		}
		ps->p++;
	}
}

static bool literal(struct parser *ps, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0)
		return fail(ps, "invalid literal");
	ps->p += n;
	return true;
}

static bool number(struct parser *ps, struct jr_value *v)
{
	const char *s = ps->p, *q = s;
	char buf[64];

	if (q < ps->end && *q == '-')
		q++;
	if (q < ps->end && *q == '0') {
		q++;
	} else if (q < ps->end && *q >= '1' && *q <= '9') {
		while (q < ps->end && *q >= '0' && *q <= '9')
			q++;
	} else {
		ps->p = q;
		return fail(ps, "invalid number");
	}
	if (q < ps->end && *q == '.') {
		q++;
		if (q >= ps->end || *q < '0' || *q > '9') {
			ps->p = q;
			return fail(ps, "invalid number: no digit after '.'");
		}
		while (q < ps->end && *q >= '0' && *q <= '9')
			q++;
	}
	if (q < ps->end && (*q == 'e' || *q == 'E')) {
		q++;
		if (q < ps->end && (*q == '+' || *q == '-'))
			q++;
		if (q >= ps->end || *q < '0' || *q > '9') {
			ps->p = q;
			return fail(ps, "invalid number: no digit in exponent");
		}
		while (q < ps->end && *q >= '0' && *q <= '9')
			q++;
	}
	if ((size_t)(q - s) >= sizeof buf)
		return fail(ps, "number too long");
	memcpy(buf, s, (size_t)(q - s));
	buf[q - s] = '\0';
	v->number = strtod(buf, NULL);
	if (!isfinite(v->number))
		return fail(ps, "number out of range");
	v->type = JR_NUMBER;
	ps->p = q;
	return true;
}

static int hex4(const char *s)
{
	int n = 0;

	for (int i = 0; i < 4; i++) {
		char c = s[i];
		n <<= 4;
		if (c >= '0' && c <= '9')
			n |= c - '0';
		else if (c >= 'a' && c <= 'f')
			n |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			n |= c - 'A' + 10;
		else
			return -1;
	}
	return n;
}

static size_t put_utf8(char *out, uint32_t cp)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* A quoted string at ps->p into a new C string (*out). */
static bool string(struct parser *ps, char **out)
{
	const char *q = ps->p + 1;
	size_t cap = 16, n = 0;
	char *s = malloc(cap);

	if (!s)
		return fail(ps, "out of memory");
	for (;;) {
		if (cap - n < 5) {
			char *t = realloc(s, cap *= 2);
			if (!t) {
				free(s);
				return fail(ps, "out of memory");
			}
			s = t;
		}
		if (q >= ps->end) {
			ps->p = q;
			free(s);
			return fail(ps, "unterminated string");
		}
		unsigned char c = (unsigned char)*q;
		if (c == '"')
			break;
		if (c < 0x20) {
			ps->p = q;
			free(s);
			return fail(ps, "control character in string");
		}
		if (c >= 0x80) {
			size_t len = utf8_sequence((const unsigned char *)q, (size_t)(ps->end - q));

			if (len == 0) {
				ps->p = q;
				free(s);
				return fail(ps, "invalid UTF-8 in string");
			}
			memcpy(s + n, q, len);
			n += len;
			q += len;
			continue;
		}
		if (c != '\\') {
			s[n++] = (char)c;
			q++;
			continue;
		}
		if (q + 1 >= ps->end) {
			ps->p = q;
			free(s);
			return fail(ps, "unterminated string");
		}
		char e = q[1];
		q += 2;
		switch (e) {
		case '"': s[n++] = '"'; continue;
		case '\\': s[n++] = '\\'; continue;
		case '/': s[n++] = '/'; continue;
		case 'b': s[n++] = '\b'; continue;
		case 'f': s[n++] = '\f'; continue;
		case 'n': s[n++] = '\n'; continue;
		case 'r': s[n++] = '\r'; continue;
		case 't': s[n++] = '\t'; continue;
		case 'u': break;
		default:
			ps->p = q - 1;
			free(s);
			return fail(ps, "invalid escape in string");
		}
		int hi = ps->end - q >= 4 ? hex4(q) : -1;
		uint32_t cp;
		if (hi < 0) {
			ps->p = q;
			free(s);
			return fail(ps, "invalid \\u escape");
		}
		q += 4;
		cp = (uint32_t)hi;
		if (cp >= 0xd800 && cp <= 0xdbff) {
			int lo = ps->end - q >= 6 && q[0] == '\\' && q[1] == 'u' ? hex4(q + 2) : -1;
			if (lo < 0xdc00 || lo > 0xdfff) {
				ps->p = q;
				free(s);
				return fail(ps, "unpaired surrogate in \\u escape");
			}
			q += 6;
			cp = 0x10000 + ((cp - 0xd800) << 10) + ((uint32_t)lo - 0xdc00);
		} else if (cp >= 0xdc00 && cp <= 0xdfff) {
			ps->p = q;
			free(s);
			return fail(ps, "unpaired surrogate in \\u escape");
		}
		if (cp == 0) {
			ps->p = q;
			free(s);
			return fail(ps, "\\u0000 in string");
		}
		n += put_utf8(s + n, cp);
	}
	s[n] = '\0';
	ps->p = q + 1;
	*out = s;
	return true;
}

static bool value(struct parser *ps, struct jr_value *v, int depth);

/* Append a zeroed item to an array or object. */
static struct jr_value *add_item(struct parser *ps, struct jr_value *v, size_t *cap)
{
	if (v->count == *cap) {
		size_t ncap = *cap ? *cap * 2 : 4;
		struct jr_value *items = realloc(v->items, ncap * sizeof *items);
		if (!items) {
			fail(ps, "out of memory");
			return NULL;
		}
		v->items = items;
		if (v->type == JR_OBJECT) {
			char **keys = realloc(v->keys, ncap * sizeof *keys);
			if (!keys) {
				fail(ps, "out of memory");
				return NULL;
			}
			v->keys = keys;
		}
		*cap = ncap;
	}
	memset(&v->items[v->count], 0, sizeof v->items[0]);
	if (v->type == JR_OBJECT)
		v->keys[v->count] = NULL;
	return &v->items[v->count++];
}

static bool container(struct parser *ps, struct jr_value *v, int depth)
{
	bool object = *ps->p == '{';
	char close = object ? '}' : ']';
	size_t cap = 0;

	if (depth >= JR_MAX_DEPTH)
		return fail(ps, "nesting too deep");
	v->type = object ? JR_OBJECT : JR_ARRAY;
	ps->p++;
	skip_space(ps);
	if (ps->p < ps->end && *ps->p == close) {
		ps->p++;
		return true;
	}
	for (;;) {
		struct jr_value *item;
		char *key = NULL;

		skip_space(ps);
		if (object) {
			if (ps->p >= ps->end || *ps->p != '"')
				return fail(ps, "expected a string key");
			if (!string(ps, &key))
				return false;
			skip_space(ps);
			if (ps->p >= ps->end || *ps->p != ':') {
				free(key);
				return fail(ps, "expected ':' after key");
			}
			ps->p++;
			skip_space(ps);
		}
		item = add_item(ps, v, &cap);
		if (!item) {
			free(key);
			return false;
		}
		if (object)
			v->keys[v->count - 1] = key;
		if (!value(ps, item, depth + 1))
			return false;
		skip_space(ps);
		if (ps->p < ps->end && *ps->p == ',') {
			ps->p++;
			continue;
		}
		if (ps->p < ps->end && *ps->p == close) {
			ps->p++;
			return true;
		}
		return fail(ps, object ? "expected ',' or '}'" : "expected ',' or ']'");
	}
}

static bool value(struct parser *ps, struct jr_value *v, int depth)
{
	skip_space(ps);
	v->line = ps->line;
	if (ps->p >= ps->end)
		return fail(ps, "unexpected end of input");
	switch (*ps->p) {
	case '{':
	case '[':
		return container(ps, v, depth);
	case '"':
		v->type = JR_STRING;
		return string(ps, &v->string);
	case 't':
		v->type = JR_BOOL;
		v->boolean = true;
		return literal(ps, "true");
	case 'f':
		v->type = JR_BOOL;
		return literal(ps, "false");
	case 'n':
		v->type = JR_NULL;
		return literal(ps, "null");
	default:
		return number(ps, v);
	}
}

static void free_contents(struct jr_value *v)
{
	free(v->string);
	for (size_t i = 0; i < v->count; i++) {
		free_contents(&v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
}

struct jr_value *jr_parse(const char *text, size_t len, struct jr_error *err)
{
	struct parser ps = { text, text + len, text, 1, err, false };
	struct jr_value *v = calloc(1, sizeof *v);

	if (!v) {
		fail(&ps, "out of memory");
		return NULL;
	}
	if (value(&ps, v, 0)) {
		skip_space(&ps);
		if (ps.p == ps.end)
			return v;
		fail(&ps, "unexpected text after the value");
	}
	jr_free(v);
	return NULL;
}

void jr_free(struct jr_value *v)
{
	if (!v)
		return;
	free_contents(v);
	free(v);
}

const struct jr_value *jr_get(const struct jr_value *v, const char *key)
{
	if (!v || v->type != JR_OBJECT)
		return NULL;
	for (size_t i = v->count; i-- > 0;)
		if (v->keys[i] && strcmp(v->keys[i], key) == 0)
			return &v->items[i];
	return NULL;
}

const struct jr_value *jr_path(const struct jr_value *v, const char *path)
{
	char key[128];

	while (v && *path) {
		size_t n = strcspn(path, ".");
		if (n >= sizeof key)
			return NULL;
		memcpy(key, path, n);
		key[n] = '\0';
		v = jr_get(v, key);
		path += n;
		if (*path == '.')
			path++;
	}
	return v;
}

const char *jr_str(const struct jr_value *v)
{
	return v && v->type == JR_STRING ? v->string : NULL;
}

bool jr_num(const struct jr_value *v, double *out)
{
	if (!v || v->type != JR_NUMBER)
		return false;
	*out = v->number;
	return true;
}

bool jr_int(const struct jr_value *v, long long *out)
{
	if (!v || v->type != JR_NUMBER || v->number != floor(v->number) ||
	    fabs(v->number) > 9.0e18)
		return false;
	*out = (long long)v->number;
	return true;
}

bool jr_valid(const char *text, size_t len)
{
	struct jr_error err;
	struct jr_value *v = jr_parse(text, len, &err);
	bool valid = v != NULL;

	jr_free(v);
	return valid;
}
