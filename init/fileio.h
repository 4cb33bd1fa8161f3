/* fileio.h: whole-file reads and crash-safe writes. */
#ifndef BOOTBENCH_FILEIO_H
#define BOOTBENCH_FILEIO_H

#include <stdio.h>
#include <sys/types.h>

/* Write all of buf to fd (retrying short writes); -1 with errno on error. */
int write_all(int fd, const void *buf, size_t len);

/* Read at most max bytes of path into a NUL-terminated malloc'd buffer;
 * NULL with errno on error.  *len (optional) gets the length. */
char *read_text(const char *path, size_t max, size_t *len);

/* Read the first line of a small file (a sysfs attribute) into buf
 * without the newline; -1 with errno if it cannot be read. */
int read_line(const char *path, char *buf, size_t size);

/* Write DIR/NAME crash-safely: fill() writes a temporary file, which is
 * fsync'd, renamed over NAME, and the directory fsync'd.  Errors are
 * reported with fail(); returns 0 or -1. */
int write_file_atomic(const char *dir, const char *name,
		      int (*fill)(FILE *out, const void *arg), const void *arg);

/* Trim ASCII whitespace at both ends, in place; returns s. */
char *trim(char *s);

#endif
