/* SPDX-License-Identifier: GPL-2.0-only */
/* fsio.h: files that must reach the disk, and time stamps. */
#ifndef BOOTBENCH_FSIO_H
#define BOOTBENCH_FSIO_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "common/fileio.h"

/* mkdir -p; existing directories are fine.  Returns 0 or fail(). */
int make_dirs(const char *path, mode_t mode);

/* fsync the directory holding path.  Returns 0 or fail(). */
int sync_parent_dir(const char *path);

/* Replace path with data crash-safely (write_file_atomic of
 * common/fileio.h).  Returns 0 or fail(). */
int replace_file(const char *path, const char *data, size_t len);

/* Open a log file for writing (created or truncated, close-on-exec). */
int open_log(const char *path);
/* The same, appending to what the file holds. */
int open_log_append(const char *path);

/* The last non-empty line of a text file into buf ("" if none). */
void last_line(const char *path, char *buf, size_t len);

/* The last (or the first) line of path's last 64 KiB, from byte from on,
 * that contains needle (any line when needle is NULL), into buf; false if
 * there is none. */
bool line_with(const char *path, long long from, const char *needle, bool last,
	       char *buf, size_t len);

/* UTC time as 2025-01-31T12:34:56Z into buf (at least 21 bytes). */
void now_utc(char *buf, size_t len);

#endif
