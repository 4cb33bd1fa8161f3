/* SPDX-License-Identifier: GPL-2.0-only */
/* crc32c.c: CRC-32C, by the SSE4.2 crc32 instruction or by a table. */
#include "common/crc32c.h"

#include <stdbool.h>
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <nmmintrin.h>
#endif

#define POLY 0x82f63b78u	/* reflected Castagnoli polynomial */

static uint32_t table[256];
static bool table_made;

static void make_table(void)
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = c & 1 ? (c >> 1) ^ POLY : c >> 1;
		table[i] = c;
	}
	table_made = true;
}

static uint32_t by_table(uint32_t crc, const unsigned char *p, size_t len)
{
	if (!table_made)
		make_table();
	while (len--)
		crc = table[(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return crc;
}

#if defined(__x86_64__)
static bool have_sse42(void)
{
	static int known = -1;
	unsigned a, b, c, d;

	if (known < 0)
		known = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSE4_2);
	return known;
}

__attribute__((target("sse4.2")))
static uint32_t by_instruction(uint32_t crc, const unsigned char *p, size_t len)
{
	uint64_t c = crc;

	for (; len >= 8; p += 8, len -= 8) {
		uint64_t v;
		memcpy(&v, p, 8);
		c = _mm_crc32_u64(c, v);
	}
	for (; len; p++, len--)
		c = _mm_crc32_u8((uint32_t)c, *p);
	return (uint32_t)c;
}
#endif

uint32_t crc32c(uint32_t crc, const void *data, size_t len)
{
	crc = ~crc;
#if defined(__x86_64__)
	if (have_sse42())
		return ~by_instruction(crc, data, len);
#endif
	return ~by_table(crc, data, len);
}

uint32_t crc32c_zeros(uint32_t crc, uint64_t len)
{
	static const unsigned char zeros[4096];

	for (; len > sizeof(zeros); len -= sizeof(zeros))
		crc = crc32c(crc, zeros, sizeof(zeros));
	return crc32c(crc, zeros, (size_t)len);
}
