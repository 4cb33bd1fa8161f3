/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * util.h: memory that never comes back NULL (out of memory ends the
 * program with a message), formatted strings, whole files, numbers.
 */
#ifndef BOOTBENCH_REPORT_UTIL_H
#define BOOTBENCH_REPORT_UTIL_H

#include <stdbool.h>
#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Grow *p (of *cap items of size each) to hold at least n items. */
void grow(void *p, size_t *cap, size_t n, size_t size);

/* path without the slashes at its end ("/" stays), a new string. */
char *path_trimmed(const char *path);

/* The contents of PATH, NUL-terminated, length in *len; NULL with errno. */
char *read_file(const char *path, size_t *len);

/* Whether s is a decimal number (as written in a JSON number or a CSV). */
bool is_number(const char *s, double *out);

/* qsort comparison of strings that compares numbers by value. */
int compare_values(const char *a, const char *b);

#endif
