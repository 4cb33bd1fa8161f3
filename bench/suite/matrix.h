/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * matrix.h: the cases a suite expands to (matrix.c).
 */
#ifndef BOOTBENCH_MATRIX_H
#define BOOTBENCH_MATRIX_H

#include <stddef.h>

#include "bench/suite/suite.h"

/*
 * One measurement: a point of the matrix.  Its environment (every
 * [filesystem], [postgresql], [sysctl] and [machine] value) decides the
 * state of the disk, the server and the machine; cases with the same env
 * share one mkfs and initdb.
 */
struct bench_case {
	const struct suite *s;
	int index;                 /* in the matrix, from 0 */
	int env;                   /* environment number, from 0 */
	const char *workload;      /* its section */
	int repeat;                /* 1 .. repeats */
	char id[144];              /* pgbench-tpcb-like-s1-c2-r2 */
	char group[128];           /* the id without the repeat */
	unsigned char choice[SUITE_MAX_PARAMS];   /* value index per param */
};

/*
 * The matrix, in its documented order: environments (the [filesystem]
 * lists, then the [postgresql], [sysctl] and [machine] lists, each in
 * file order, the first key varying slowest), within each the workload sections in file order,
 * within each its lists in key order, the repeats innermost.
 */
size_t suite_case_count(const struct suite *s);
void suite_case(const struct suite *s, size_t index, struct bench_case *c);

/* A case's value of section/key (the fallback if absent); NULL if the
 * suite has no such key. */
const char *case_value(const struct bench_case *c, const char *section,
		       const char *key);
/* The same as a number (SK_INT, SK_SIZE in bytes, SK_BOOL as 0/1). */
long long case_number(const struct bench_case *c, const char *section,
		      const char *key);
/* A key of the case's own workload section. */
const char *case_param(const struct bench_case *c, const char *key);
long long case_param_number(const struct bench_case *c, const char *key);

#endif
