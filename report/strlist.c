/* SPDX-License-Identifier: GPL-2.0-only */
/* strlist.c: lists of distinct strings, values sorted (strlist.h). */
#include "report/strlist.h"

#include "report/util.h"

#include <stdlib.h>
#include <string.h>

ssize_t strlist_find(const struct strlist *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i], s) == 0)
			return (ssize_t)i;
	return -1;
}

size_t strlist_add(struct strlist *l, const char *s)
{
	ssize_t i = strlist_find(l, s);

	if (i >= 0)
		return (size_t)i;
	grow(&l->v, &l->cap, l->n + 1, sizeof *l->v);
	l->v[l->n] = xstrdup(s);
	return l->n++;
}

void strlist_free(struct strlist *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof *l);
}

static int cmp_values(const void *a, const void *b)
{
	return compare_values(*(char *const *)a, *(char *const *)b);
}

static int cmp_versions(const void *a, const void *b)
{
	return strverscmp(*(char *const *)a, *(char *const *)b);
}

void sort_values(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!is_number(v[i], NULL)) {
			qsort(v, n, sizeof *v, cmp_versions);
			return;
		}
	qsort(v, n, sizeof *v, cmp_values);
}
