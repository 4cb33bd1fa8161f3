/* SPDX-License-Identifier: GPL-2.0-only */
/* files.h: the init's file helpers, on top of common/fileio.h. */
#ifndef BOOTBENCH_INIT_FILES_H
#define BOOTBENCH_INIT_FILES_H

#include <stdio.h>
#include <sys/types.h>

#include "common/fileio.h"


/* Write DIR/NAME crash-safely (write_file_atomic of common/fileio.h) with
 * the text fill() produces.  Errors are reported with fail(); returns 0 or
 * -1. */
int write_file_filled(const char *dir, const char *name,
		      int (*fill)(FILE *out, const void *arg), const void *arg);

/* Trim ASCII whitespace at both ends, in place; returns s. */
char *trim(char *s);

#endif
