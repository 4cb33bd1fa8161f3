/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * utf8.h: is this valid UTF-8 (RFC 3629)?
 *
 * Text that ends up in JSON comes from places that promise no encoding:
 * DMI strings, /proc/cpuinfo, suite files, PostgreSQL's error text.  A
 * JSON reader may reject a file with one stray byte, so the writer checks
 * every sequence and the reader refuses what the writer would never emit.
 */
#ifndef BOOTBENCH_UTF8_H
#define BOOTBENCH_UTF8_H

#include <stddef.h>

/* The length (1 to 4) of the valid UTF-8 sequence at s, which has n
 * bytes left; 0 if the bytes there are not one: a stray continuation
 * byte, an overlong form, a surrogate, a code point above U+10FFFF, or a
 * sequence cut short. */
size_t utf8_sequence(const unsigned char *s, size_t n);

/* U+FFFD REPLACEMENT CHARACTER, which the writer puts for a bad byte. */
#define UTF8_REPLACEMENT "\xef\xbf\xbd"

#endif
