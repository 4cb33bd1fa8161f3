/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * json.h: a small streaming JSON writer.
 *
 * Values are written in order onto a stdio stream; the writer tracks
 * commas and nesting.  Every value function takes a key, which must be
 * NULL inside arrays and at the top level, and non-NULL inside objects.
 * Strings are escaped per RFC 8259, and a byte that is not part of valid
 * UTF-8 becomes U+FFFD; doubles keep 12 significant digits and
 * non-finite ones become null.
 * json_raw() embeds text that is already JSON (e.g. another file).
 * With pretty set, objects and arrays are indented; otherwise the output
 * is one line (for JSON Lines files).
 */
#ifndef BOOTBENCH_JSON_H
#define BOOTBENCH_JSON_H

#include <stdbool.h>
#include <stdio.h>

#define JSON_MAX_DEPTH 32

struct json {
	FILE *out;
	bool pretty;
	int depth;
	bool has_items[JSON_MAX_DEPTH];
};

void json_init(struct json *j, FILE *out, bool pretty);
void json_object_begin(struct json *j, const char *key);
void json_object_end(struct json *j);
void json_array_begin(struct json *j, const char *key);
void json_array_end(struct json *j);
void json_string(struct json *j, const char *key, const char *value);
/* value, or null when it is NULL or empty. */
void json_string_or_null(struct json *j, const char *key, const char *value);
void json_int(struct json *j, const char *key, long long value);
void json_double(struct json *j, const char *key, double value);
void json_bool(struct json *j, const char *key, bool value);
void json_null(struct json *j, const char *key);
void json_raw(struct json *j, const char *key, const char *text);

/* Write s as a quoted JSON string. */
void json_write_escaped(FILE *out, const char *s);

#endif
