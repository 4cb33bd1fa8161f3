/* SPDX-License-Identifier: GPL-2.0-only */
/* str.c: bounded string formatting. */
#include "init/str.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>

int str_printf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}
