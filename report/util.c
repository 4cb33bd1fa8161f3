/* SPDX-License-Identifier: GPL-2.0-only */
/* util.c: allocation, files and small string helpers. */
#include "report/util.h"

#include "report/diag.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *check(void *p)
{
	if (!p) {
		fail("out of memory");
		exit(2);
	}
	return p;
}

void *xmalloc(size_t n)
{
	return check(malloc(n ? n : 1));
}

void *xcalloc(size_t n, size_t size)
{
	return check(calloc(n ? n : 1, size ? size : 1));
}

void *xrealloc(void *p, size_t n)
{
	return check(realloc(p, n ? n : 1));
}

char *xstrdup(const char *s)
{
	return check(strdup(s));
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	return check(n < 0 ? NULL : s);
}

void grow(void *p, size_t *cap, size_t n, size_t size)
{
	void **pp = p;

	if (n <= *cap)
		return;
	while (*cap < n)
		*cap = *cap ? *cap * 2 : 8;
	*pp = xrealloc(*pp, *cap * size);
}

char *path_trimmed(const char *path)
{
	size_t len = strlen(path);

	while (len > 1 && path[len - 1] == '/')
		len--;
	return xasprintf("%.*s", (int)len, path);
}

char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 4096, n = 0, got;
	char *buf;

	if (!f)
		return NULL;
	buf = xmalloc(cap);
	while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
		n += got;
		if (cap - n - 1 == 0)
			buf = xrealloc(buf, cap *= 2);
	}
	if (ferror(f)) {
		int e = errno;
		fclose(f);
		free(buf);
		errno = e ? e : EIO;
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
}

bool is_number(const char *s, double *out)
{
	char *end;
	double v;

	if (!s || !*s)
		return false;
	v = strtod(s, &end);
	if (*end || end == s)
		return false;
	if (out)
		*out = v;
	return true;
}

int compare_values(const char *a, const char *b)
{
	double x, y;

	if (is_number(a, &x) && is_number(b, &y))
		return (x > y) - (x < y);
	return strcmp(a, b);
}
