/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mounttab.h: what the kernel says is mounted where (/proc/self/mounts),
 * so that a run records the filesystem type the kernel mounted and not
 * only the one it asked for.
 */
#ifndef BOOTBENCH_MOUNTTAB_H
#define BOOTBENCH_MOUNTTAB_H

#include <stddef.h>

/*
 * The type of the filesystem mounted on dir in text, the contents of
 * /proc/self/mounts (its last line for dir: the one on top), into type.
 * Returns 0, or -1 if nothing is mounted there or the type does not fit.
 */
int mounttab_type(const char *text, const char *dir, char *type, size_t len);

/* The same, read from /proc/self/mounts.  0 or fail(). */
int mounttab_read_type(const char *dir, char *type, size_t len);

#endif
