/* SPDX-License-Identifier: GPL-2.0-only */
/* jsonread.c: tests of common/jsonread.c with good and bad JSON texts. */
#include "jsonread.h"

#include "tap.h"

#include <string.h>

static struct jr_value *parse(const char *text, struct jr_error *err)
{
	return jr_parse(text, strlen(text), err);
}

/* text must be refused, the error on line/column and saying what. */
static void bad(const char *text, int line, int column, const char *what)
{
	struct jr_error err = { 0 };
	struct jr_value *v = parse(text, &err);

	if (!ok(!v && err.line == line && err.column == column && strstr(err.message, what),
		"refused: %s", what))
		printf("#   text %s: got %s at %d:%d (%s)\n", text, v ? "a value" : "an error",
		       err.line, err.column, err.message);
	jr_free(v);
}

static void test_good(void)
{
	struct jr_error err;
	const char *text =
		"{\n"
		"  \"format_version\": 2,\n"
		"  \"kernel\": {\"release\": \"6.12.1+deb13\", \"arch\": \"x86_64\"},\n"
		"  \"list\": [1, -2.5e3, 0.125, true, false, null, \"\\u00e9\\ud83d\\ude00\\n\\\"\\/\"],\n"
		"  \"empty\": {}, \"none\": [],\n"
		"  \"dup\": 1, \"dup\": 2\n"
		"}\n";
	struct jr_value *v = parse(text, &err);
	const struct jr_value *list;
	long long n;
	double d;

	if (!ok(v != NULL, "a good document parses"))
		printf("#   %d:%d %s\n", err.line, err.column, err.message);
	if (!v)
		return;
	ok(v->type == JR_OBJECT && v->count == 7, "an object of 7 members (a duplicate key kept)");
	ok(jr_int(jr_get(v, "format_version"), &n) && n == 2, "integer member");
	is_str(jr_str(jr_path(v, "kernel.release")), "6.12.1+deb13", "dotted path into a nested object");
	ok(jr_path(v, "kernel.nothing") == NULL && jr_path(v, "list.x") == NULL, "missing paths are NULL");
	list = jr_get(v, "list");
	ok(list && list->type == JR_ARRAY && list->count == 7, "array of 7 items");
	ok(jr_num(&list->items[1], &d) && d == -2500, "exponent number");
	ok(jr_num(&list->items[2], &d) && d == 0.125, "fraction");
	ok(!jr_int(&list->items[2], &n), "a fraction is not an integer");
	ok(list->items[3].type == JR_BOOL && list->items[3].boolean &&
	   list->items[4].type == JR_BOOL && !list->items[4].boolean, "true and false");
	ok(list->items[5].type == JR_NULL, "null");
	is_str(jr_str(&list->items[6]), "\xc3\xa9\xf0\x9f\x98\x80\n\"/",
	       "escapes: \\u00e9, a surrogate pair, \\n, \\\", \\/");
	ok(jr_get(v, "empty")->type == JR_OBJECT && jr_get(v, "empty")->count == 0, "empty object");
	ok(jr_get(v, "none")->type == JR_ARRAY && jr_get(v, "none")->count == 0, "empty array");
	ok(jr_int(jr_get(v, "dup"), &n) && n == 2, "of duplicate keys the last counts");
	is_int(jr_get(v, "format_version")->line, 2, "values know their line");
	is_int(list->items[0].line, 4, "array items know their line");
	ok(jr_str(jr_get(v, "format_version")) == NULL, "jr_str of a number is NULL");
	jr_free(v);

	v = parse("  \"just a string\"  \n", &err);
	ok(v && v->type == JR_STRING, "a bare string is a JSON text");
	jr_free(v);
	v = parse("-0", &err);
	ok(v && v->type == JR_NUMBER && v->number == 0, "-0");
	jr_free(v);
}

static void test_bad(void)
{
	char deep[200];

	bad("", 1, 1, "unexpected end");
	bad("{\"a\":1,}", 1, 8, "expected a string key");
	bad("{\"a\" 1}", 1, 6, "expected ':'");
	bad("[1 2]", 1, 4, "expected ',' or ']'");
	bad("{\"a\":1", 1, 7, "expected ',' or '}'");
	bad("[01]", 1, 3, "expected ',' or ']'");
	bad("[1.]", 1, 4, "no digit after '.'");
	bad("[1e]", 1, 4, "no digit in exponent");
	bad("[+1]", 1, 2, "invalid number");
	bad("[tru]", 1, 2, "invalid literal");
	bad("\"abc", 1, 5, "unterminated string");
	bad("\"a\tb\"", 1, 3, "control character");
	bad("\"\\x\"", 1, 3, "invalid escape");
	bad("\"\\u12G4\"", 1, 4, "invalid \\u escape");
	bad("\"\\ud83d\"", 1, 8, "unpaired surrogate");
	bad("\"\\ude00\"", 1, 8, "unpaired surrogate");
	bad("\"a\\u0000b\"", 1, 9, "\\u0000");
	bad("\"Soci\xe9t\xe9\"", 1, 6, "invalid UTF-8");
	bad("[\"ok\", \"\xed\xa0\x80\"]", 1, 9, "invalid UTF-8");
	bad("\"\xe2\x82\"", 1, 2, "invalid UTF-8");
	bad("{}\n{}", 2, 1, "unexpected text after the value");
	bad("{\n  \"a\": [1,\n  2,,\n]}", 3, 5, "invalid number");
	bad("[1e999]", 1, 2, "out of range");
	memset(deep, '[', sizeof deep - 1);
	deep[sizeof deep - 1] = '\0';
	bad(deep, 1, JR_MAX_DEPTH + 1, "nesting too deep");
	/* Truncated at every point: never accepted, never crashing. */
	const char *doc = "{\"a\":[1,{\"b\":\"c\\u00e9\"},true],\"d\":null}";
	int refused = 1;
	for (size_t n = 0; n < strlen(doc); n++) {
		struct jr_error err;
		struct jr_value *v = jr_parse(doc, n, &err);
		if (v)
			refused = 0;
		jr_free(v);
	}
	ok(refused, "every truncation of a document is refused");
}

int main(void)
{
	test_good();
	test_bad();
	return tap_done();
}
