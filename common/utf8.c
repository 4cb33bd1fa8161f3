/* SPDX-License-Identifier: GPL-2.0-only */
/* utf8.c: validating one UTF-8 sequence, as RFC 3629's table says. */
#include "common/utf8.h"

static int continuation(unsigned char c)
{
	return (c & 0xc0) == 0x80;
}

size_t utf8_sequence(const unsigned char *s, size_t n)
{
	unsigned char c = s[0], lo = 0x80, hi = 0xbf;
	size_t len;

	if (n == 0)
		return 0;
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		len = 2;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4;
	else
		return 0;	/* continuation byte, C0/C1 (overlong), F5..FF */
	/* The second byte's range excludes overlongs, surrogates and
	 * code points above U+10FFFF. */
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	if (n < len || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < len; i++)
		if (!continuation(s[i]))
			return 0;
	return len;
}
