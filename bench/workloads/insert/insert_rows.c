/* SPDX-License-Identifier: GPL-2.0-only */
/* insert_rows.c: the insert workload's rows and multi-row INSERT. */
#include "bench/workloads/insert/insert_rows.h"

#include <stdint.h>
#include <stdio.h>

#define VALUES_HEAD "INSERT INTO " INSERT_TABLE " (a, b) VALUES "

/* splitmix64: a well-mixed 64-bit value from a counter. */
static uint64_t mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

void insert_row(long long i, int *a, char b[INSERT_B_LEN + 1])
{
	uint64_t bits = 0;

	*a = (int)(i % 32768);
	for (int k = 0; k < INSERT_B_LEN; k++) {
		/* 13 letters from each 64-bit value (26^13 < 2^64). */
		if (k % 13 == 0)
			bits = mix((uint64_t)i * 3 + (uint64_t)(k / 13));
		b[k] = (char)('a' + bits % 26);
		bits /= 26;
	}
	b[INSERT_B_LEN] = '\0';
}

size_t insert_values_size(long long count)
{
	return sizeof(VALUES_HEAD) + (size_t)count * INSERT_ROW_SQL_MAX + 1;
}

size_t insert_values_sql(char *buf, size_t size, long long first, long long count)
{
	size_t n = (size_t)snprintf(buf, size, "%s", VALUES_HEAD);
	char b[INSERT_B_LEN + 1];
	int a;

	for (long long i = first; i < first + count && n < size; i++) {
		insert_row(i, &a, b);
		n += (size_t)snprintf(buf + n, size - n, "%s(%d,'%s')",
				      i == first ? "" : ",", a, b);
	}
	return n;
}
