/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * message.h: the one rule for message text, shared by the init, the suite
 * runner and the report: a format that ends in ':' is a failed call, and
 * gets " " and strerror() of the errno it failed with appended:
 *
 *     fail("could not open \"%s\":", path)  ->  could not open "/x": No such file or directory
 *
 * Each program prints the line its own way (console, stderr, run record).
 */
#ifndef BOOTBENCH_COMMON_MESSAGE_H
#define BOOTBENCH_COMMON_MESSAGE_H

#include <stdarg.h>
#include <stddef.h>

/* fmt and ap into buf (len bytes, always NUL-terminated), then, if fmt
 * ends in ':', " " and strerror(err). */
void message_vformat(char *buf, size_t len, int err, const char *fmt, va_list ap);

#endif
