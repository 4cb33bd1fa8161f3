/* SPDX-License-Identifier: GPL-2.0-only */
/* json.c: the streaming JSON writer declared in json.h. */
#include "common/json.h"
#include "common/utf8.h"

#include <math.h>

void json_init(struct json *j, FILE *out, bool pretty)
{
	j->out = out;
	j->pretty = pretty;
	j->depth = 0;
	j->has_items[0] = false;
}

static void newline(struct json *j)
{
	if (!j->pretty)
		return;
	fputc('\n', j->out);
	for (int i = 0; i < j->depth; i++)
		fputs("  ", j->out);
}

void json_write_escaped(FILE *out, const char *s)
{
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p >= 0x80) {
			/* The terminating NUL is no continuation byte: the
			 * check stops there, so 4 bytes "left" is safe. */
			size_t len = utf8_sequence(p, 4);

			if (len == 0) {
				fputs(UTF8_REPLACEMENT, out);
			} else {
				fwrite(p, 1, len, out);
				p += len - 1;
			}
			continue;
		}
		switch (*p) {
		case '"': fputs("\\\"", out); break;
		case '\\': fputs("\\\\", out); break;
		case '\n': fputs("\\n", out); break;
		case '\r': fputs("\\r", out); break;
		case '\t': fputs("\\t", out); break;
		default:
			if (*p < 0x20)
				fprintf(out, "\\u%04x", *p);
			else
				fputc(*p, out);
		}
	}
	fputc('"', out);
}

/* Comma, indentation and key before a value at the current depth. */
static void prefix(struct json *j, const char *key)
{
	if (j->depth > 0) {
		if (j->has_items[j->depth])
			fputc(',', j->out);
		newline(j);
	}
	j->has_items[j->depth] = true;
	if (key) {
		json_write_escaped(j->out, key);
		fputs(j->pretty ? ": " : ":", j->out);
	}
}

static void container_open(struct json *j, const char *key, char c)
{
	prefix(j, key);
	fputc(c, j->out);
	if (j->depth + 1 < JSON_MAX_DEPTH)
		j->depth++;
	j->has_items[j->depth] = false;
}

static void container_close(struct json *j, char c)
{
	bool had_items = j->has_items[j->depth];
	if (j->depth > 0)
		j->depth--;
	if (had_items)
		newline(j);
	fputc(c, j->out);
	if (j->depth == 0 && j->pretty)
		fputc('\n', j->out);
}

void json_object_begin(struct json *j, const char *key) { container_open(j, key, '{'); }
void json_object_end(struct json *j) { container_close(j, '}'); }
void json_array_begin(struct json *j, const char *key) { container_open(j, key, '['); }
void json_array_end(struct json *j) { container_close(j, ']'); }

void json_string(struct json *j, const char *key, const char *value)
{
	prefix(j, key);
	if (value)
		json_write_escaped(j->out, value);
	else
		fputs("null", j->out);
}

void json_string_or_null(struct json *j, const char *key, const char *value)
{
	if (value && value[0])
		json_string(j, key, value);
	else
		json_null(j, key);
}

void json_int(struct json *j, const char *key, long long value)
{
	prefix(j, key);
	fprintf(j->out, "%lld", value);
}

void json_double(struct json *j, const char *key, double value)
{
	prefix(j, key);
	if (isfinite(value))
		fprintf(j->out, "%.12g", value);
	else
		fputs("null", j->out);
}

void json_bool(struct json *j, const char *key, bool value)
{
	prefix(j, key);
	fputs(value ? "true" : "false", j->out);
}

void json_null(struct json *j, const char *key)
{
	prefix(j, key);
	fputs("null", j->out);
}

void json_raw(struct json *j, const char *key, const char *text)
{
	prefix(j, key);
	fputs(text, j->out);
}
