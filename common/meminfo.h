/* SPDX-License-Identifier: GPL-2.0-only */
/* meminfo.h: a field of /proc/meminfo ("MemTotal:   2030712 kB"). */
#ifndef BOOTBENCH_COMMON_MEMINFO_H
#define BOOTBENCH_COMMON_MEMINFO_H

/* The number of field in meminfo text, in kB; -1 if it is not there (a
 * prefix of a field's name is not the field). */
long long meminfo_kib(const char *meminfo, const char *field);

/* The same from the file at path (/proc/meminfo); -1 if it cannot be
 * read or lacks the field. */
long long meminfo_read_kib(const char *path, const char *field);

#endif
