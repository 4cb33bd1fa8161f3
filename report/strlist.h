/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * strlist.h: a list of distinct strings, in the order they were first
 * added, and the order the report sorts values in.
 */
#ifndef BOOTBENCH_REPORT_STRLIST_H
#define BOOTBENCH_REPORT_STRLIST_H

#include <stddef.h>
#include <sys/types.h>

struct strlist {
	char **v;
	size_t n, cap;
};

/* The index of s in l, or -1. */
ssize_t strlist_find(const struct strlist *l, const char *s);
/* The index of s in l, added (copied) at the end if it was not there. */
size_t strlist_add(struct strlist *l, const char *s);
void strlist_free(struct strlist *l);

/* Sort v[0..n): numbers by value when all are numbers, anything else as
 * versions ("6.1" < "6.12"), so that the order does not depend on the
 * order of the input. */
void sort_values(char **v, size_t n);

#endif
