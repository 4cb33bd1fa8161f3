/* SPDX-License-Identifier: GPL-2.0-only */
/* str.h: bounded string formatting that reports truncation. */
#ifndef BOOTBENCH_STR_H
#define BOOTBENCH_STR_H

#include <stddef.h>

/* snprintf() into buf; -1 (errno ENAMETOOLONG) if the text was cut. */
int str_printf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
