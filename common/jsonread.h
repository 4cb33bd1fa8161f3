/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jsonread.h: a small JSON reader (RFC 8259) that builds a tree.
 *
 * jr_parse() reads one JSON text; anything but white space after it is an
 * error.  Every value remembers the line it starts on, so a reader can say
 * where in a file a bad or surprising value is.  Strings are UTF-8 with
 * the escapes decoded; a string holding \u0000 is refused (values are C
 * strings).  Numbers are doubles.  Nesting deeper than JR_MAX_DEPTH is an
 * error.  Of duplicate keys in an object, jr_get() finds the last.
 */
#ifndef BOOTBENCH_JSONREAD_H
#define BOOTBENCH_JSONREAD_H

#include <stdbool.h>
#include <stddef.h>

#define JR_MAX_DEPTH 64

enum jr_type { JR_NULL, JR_BOOL, JR_NUMBER, JR_STRING, JR_ARRAY, JR_OBJECT };

struct jr_value {
	enum jr_type type;
	int line;               /* 1-based line the value starts on */
	bool boolean;
	double number;
	char *string;           /* JR_STRING */
	size_t count;           /* JR_ARRAY, JR_OBJECT: number of items */
	struct jr_value *items; /* JR_ARRAY, JR_OBJECT */
	char **keys;            /* JR_OBJECT: keys[i] names items[i] */
};

struct jr_error {
	int line, column;       /* 1-based, where parsing stopped */
	char message[96];
};

/* The tree of text[0..len); NULL on a syntax error (err filled in) or when
 * out of memory (err->message says so). */
struct jr_value *jr_parse(const char *text, size_t len, struct jr_error *err);
void jr_free(struct jr_value *v);
/* True if text[0..len) is exactly one JSON text (blanks around it allowed)
 * that jr_parse() takes; false on a syntax error or out of memory. */
bool jr_valid(const char *text, size_t len);

/* Member KEY of an object; NULL if v is not an object or has no KEY. */
const struct jr_value *jr_get(const struct jr_value *v, const char *key);
/* A member by a dotted path ("kernel.release"); NULL if any step fails. */
const struct jr_value *jr_path(const struct jr_value *v, const char *path);
/* The string of a JR_STRING value, else NULL. */
const char *jr_str(const struct jr_value *v);
/* The number of a JR_NUMBER value into *out; false otherwise. */
bool jr_num(const struct jr_value *v, double *out);
/* A number that is a whole number within long long's range into *out. */
bool jr_int(const struct jr_value *v, long long *out);

#endif
