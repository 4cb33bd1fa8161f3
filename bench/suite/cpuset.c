/* SPDX-License-Identifier: GPL-2.0-only */
/* cpuset.c: CPU lists (cpuset.h). */
#include "bench/suite/cpuset.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cpuset_clear(struct cpuset *set)
{
	memset(set, 0, sizeof(*set));
}

void cpuset_add(struct cpuset *set, unsigned cpu)
{
	if (cpu < CPUSET_MAX)
		set->bits[cpu / 64] |= (uint64_t)1 << (cpu % 64);
}

bool cpuset_has(const struct cpuset *set, unsigned cpu)
{
	return cpu < CPUSET_MAX && (set->bits[cpu / 64] >> (cpu % 64)) & 1;
}

size_t cpuset_count(const struct cpuset *set)
{
	size_t n = 0;
	for (size_t i = 0; i < CPUSET_MAX / 64; i++)
		n += (size_t)__builtin_popcountll(set->bits[i]);
	return n;
}

bool cpuset_equal(const struct cpuset *a, const struct cpuset *b)
{
	return memcmp(a->bits, b->bits, sizeof(a->bits)) == 0;
}

void cpuset_minus(const struct cpuset *a, const struct cpuset *b,
		  struct cpuset *out)
{
	for (size_t i = 0; i < CPUSET_MAX / 64; i++)
		out->bits[i] = a->bits[i] & ~b->bits[i];
}

void cpuset_first(const struct cpuset *from, size_t n, struct cpuset *out)
{
	cpuset_clear(out);
	for (unsigned cpu = 0; cpu < CPUSET_MAX && n > 0; cpu++)
		if (cpuset_has(from, cpu)) {
			cpuset_add(out, cpu);
			n--;
		}
}

/* A CPU number at *p, moving *p past it: 0, or -1. */
static int number(const char **p, unsigned *out)
{
	char *end;

	if (!isdigit((unsigned char)**p))
		return -1;
	errno = 0;
	unsigned long v = strtoul(*p, &end, 10);
	if (errno || v >= CPUSET_MAX)
		return -1;
	*out = (unsigned)v;
	*p = end;
	return 0;
}

int cpuset_parse(const char *text, struct cpuset *set)
{
	const char *p = text + strspn(text, " \t\n");

	cpuset_clear(set);
	while (*p && *p != '\n') {
		unsigned lo, hi;

		if (number(&p, &lo) < 0)
			return -1;
		hi = lo;
		if (*p == '-') {
			p++;
			if (number(&p, &hi) < 0 || hi < lo)
				return -1;
		}
		for (unsigned cpu = lo; cpu <= hi; cpu++)
			cpuset_add(set, cpu);
		if (*p == ',')
			p++;
		else if (*p && *p != '\n')
			return -1;
		else
			break;
		if (!*p)
			return -1;      /* a list ending in ',' */
	}
	return 0;
}

void cpuset_format(const struct cpuset *set, char *buf, size_t len)
{
	size_t used = 0;

	if (len)
		buf[0] = '\0';
	for (unsigned cpu = 0; cpu < CPUSET_MAX && used < len; cpu++) {
		if (!cpuset_has(set, cpu))
			continue;
		unsigned last = cpu;
		while (last + 1 < CPUSET_MAX && cpuset_has(set, last + 1))
			last++;
		if (last == cpu)
			used += (size_t)snprintf(buf + used, len - used, "%s%u",
						 used ? "," : "", cpu);
		else
			used += (size_t)snprintf(buf + used, len - used, "%s%u-%u",
						 used ? "," : "", cpu, last);
		cpu = last;
	}
}
