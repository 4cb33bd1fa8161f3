/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * json.c: tests of common/json.c, the writer: escapes, and text that is
 * not valid UTF-8 (a DMI string, PostgreSQL's error text) coming out as
 * valid UTF-8 that common/jsonread.c reads back.
 */
#include "json.h"
#include "jsonread.h"
#include "utf8.h"

#include "tap.h"

#include <stdlib.h>
#include <string.h>

/* s written as one JSON string; a new string the caller frees. */
static char *written(const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	json_write_escaped(f, s);
	fclose(f);
	return buf;
}

/* in is written as want, and the reader reads it back as back. */
static void case_of(const char *what, const char *in, const char *want, const char *back)
{
	char *out = written(in);
	struct jr_error err = { 0 };
	struct jr_value *v = out ? jr_parse(out, strlen(out), &err) : NULL;

	is_str(out, want, "%s: written", what);
	ok(v && v->type == JR_STRING && strcmp(v->string, back) == 0,
	   "%s: read back (%s)", what, v ? "parsed" : err.message);
	jr_free(v);
	free(out);
}

static void test_writer(void)
{
	case_of("plain ASCII", "mkfs.ext4", "\"mkfs.ext4\"", "mkfs.ext4");
	case_of("quotes, backslash, control", "a\"b\\c\n\t\x01", "\"a\\\"b\\\\c\\n\\t\\u0001\"",
		"a\"b\\c\n\t\x01");
	case_of("two-byte UTF-8 kept", "caf\xc3\xa9", "\"caf\xc3\xa9\"", "caf\xc3\xa9");
	case_of("three-byte UTF-8 kept", "\xe2\x82\xac 5", "\"\xe2\x82\xac 5\"", "\xe2\x82\xac 5");
	case_of("four-byte UTF-8 kept", "\xf0\x9f\x98\x80", "\"\xf0\x9f\x98\x80\"", "\xf0\x9f\x98\x80");
	/* Latin-1 "é" in a DMI vendor string */
	case_of("Latin-1 byte replaced", "Soci\xe9t\xe9", "\"Soci" UTF8_REPLACEMENT "t"
		UTF8_REPLACEMENT "\"", "Soci" UTF8_REPLACEMENT "t" UTF8_REPLACEMENT);
	case_of("stray continuation byte replaced", "a\x80z", "\"a" UTF8_REPLACEMENT "z\"",
		"a" UTF8_REPLACEMENT "z");
	case_of("overlong '/' replaced byte by byte", "\xc0\xaf", "\"" UTF8_REPLACEMENT
		UTF8_REPLACEMENT "\"", UTF8_REPLACEMENT UTF8_REPLACEMENT);
	case_of("surrogate D800 replaced", "\xed\xa0\x80", "\"" UTF8_REPLACEMENT UTF8_REPLACEMENT
		UTF8_REPLACEMENT "\"", UTF8_REPLACEMENT UTF8_REPLACEMENT UTF8_REPLACEMENT);
	case_of("above U+10FFFF replaced", "\xf4\x90\x80\x80", "\"" UTF8_REPLACEMENT
		UTF8_REPLACEMENT UTF8_REPLACEMENT UTF8_REPLACEMENT "\"",
		UTF8_REPLACEMENT UTF8_REPLACEMENT UTF8_REPLACEMENT UTF8_REPLACEMENT);
	case_of("sequence cut short by the end", "ok\xe2\x82", "\"ok" UTF8_REPLACEMENT
		UTF8_REPLACEMENT "\"", "ok" UTF8_REPLACEMENT UTF8_REPLACEMENT);
	case_of("0xff replaced", "\xff", "\"" UTF8_REPLACEMENT "\"", UTF8_REPLACEMENT);
}

/* A whole document from the writer with every byte value in a string
 * is valid JSON for the reader. */
static void test_every_byte(void)
{
	char in[256], *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct json j;

	for (int i = 1; i < 256; i++)
		in[i - 1] = (char)i;
	in[255] = '\0';
	if (!f) {
		ok(false, "open_memstream");
		return;
	}
	json_init(&j, f, true);
	json_object_begin(&j, NULL);
	json_string(&j, "bytes\xff", in);
	json_object_end(&j);
	fclose(f);
	ok(jr_valid(buf, len), "every byte 1..255 in a key and a value: valid JSON");
	free(buf);
}

static void test_sequence(void)
{
	is_int(utf8_sequence((const unsigned char *)"A", 1), 1, "ASCII: 1");
	is_int(utf8_sequence((const unsigned char *)"\xc2\x80", 2), 2, "U+0080: 2");
	is_int(utf8_sequence((const unsigned char *)"\xc2\x80", 1), 0, "U+0080 cut: 0");
	is_int(utf8_sequence((const unsigned char *)"\xe0\x9f\xbf", 3), 0, "overlong 3-byte: 0");
	is_int(utf8_sequence((const unsigned char *)"\xe0\xa0\x80", 3), 3, "U+0800: 3");
	is_int(utf8_sequence((const unsigned char *)"\xed\x9f\xbf", 3), 3, "U+D7FF: 3");
	is_int(utf8_sequence((const unsigned char *)"\xee\x80\x80", 3), 3, "U+E000: 3");
	is_int(utf8_sequence((const unsigned char *)"\xf0\x8f\xbf\xbf", 4), 0, "overlong 4-byte: 0");
	is_int(utf8_sequence((const unsigned char *)"\xf4\x8f\xbf\xbf", 4), 4, "U+10FFFF: 4");
	is_int(utf8_sequence((const unsigned char *)"\xf5\x80\x80\x80", 4), 0, "F5: 0");
	is_int(utf8_sequence((const unsigned char *)"\xe2\x28\xa1", 3), 0, "bad second byte: 0");
	is_int(utf8_sequence((const unsigned char *)"\xe2\x82\x28", 3), 0, "bad third byte: 0");
}

int main(void)
{
	test_sequence();
	test_writer();
	test_every_byte();
	return tap_done();
}
