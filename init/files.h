/* SPDX-License-Identifier: GPL-2.0-only */
/* files.h: the init's file helpers, on top of common/fileio.h. */
#ifndef BOOTBENCH_INIT_FILES_H
#define BOOTBENCH_INIT_FILES_H

#include <stdio.h>
#include <sys/types.h>

#include "common/fileio.h"

/* Read the first line of a small file (a sysfs attribute) into buf
 * without the newline; -1 with errno if it cannot be read. */
int read_line(const char *path, char *buf, size_t size);

/* Write text into an existing file (a sysfs, procfs or configfs
 * attribute) in one write, without creating it; -1 with errno if it
 * cannot be opened or the kernel refuses the value. */
int write_line(const char *path, const char *text);

/* Write DIR/NAME crash-safely (write_file_atomic of common/fileio.h) with
 * the text fill() produces.  Errors are reported with fail(); returns 0 or
 * -1. */
int write_file_filled(const char *dir, const char *name,
		      int (*fill)(FILE *out, const void *arg), const void *arg);

/* Trim ASCII whitespace at both ends, in place; returns s. */
char *trim(char *s);

#endif
