/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fileio.h: whole-file reads and crash-safe writes, shared by the init and
 * the suite runner.  Every function reports errors through errno; the
 * callers word the message in their own style.
 */
#ifndef BOOTBENCH_FILEIO_H
#define BOOTBENCH_FILEIO_H

#include <stddef.h>

/* Write all of buf to fd (retrying short and interrupted writes).
 * Returns 0, or -1 with errno set. */
int write_all(int fd, const void *buf, size_t len);

/* Read at most max bytes of path into a NUL-terminated malloc'd buffer;
 * *len (optional) gets the length.  NULL with errno set on error. */
char *read_text(const char *path, size_t max, size_t *len);

/* Map path read-only, whole: *len gets its length.  NULL (and *len 0) for
 * an empty file; MAP_FAILED with errno set on error.  munmap() it after. */
void *map_file(const char *path, size_t *len);

/* fsync the directory dir.  Returns 0, or -1 with errno set. */
int fsync_dir(const char *dir);

/* Replace path with data crash-safely: write path.tmp, fsync it, rename it
 * over path, fsync the directory.  Returns 0, or -1 with errno set and, if
 * err is not NULL, the step that failed in err ('fsync "/x/run.json.tmp"').
 * The temporary file is removed on failure. */
int write_file_atomic(const char *path, const void *data, size_t len,
		      char *err, size_t errlen);

#endif
