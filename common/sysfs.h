/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sysfs.h: the small files of sysfs, procfs and configfs: a value read
 * (its first line) or written (one write into a file that exists), and
 * the choice lists some of them hold ("none [mq-deadline] kyber",
 * "always [madvise] never": the bracketed word is the one in force).
 */
#ifndef BOOTBENCH_COMMON_SYSFS_H
#define BOOTBENCH_COMMON_SYSFS_H

#include <stddef.h>

#define SYSFS_CHOICES_MAX 8
#define SYSFS_CHOICE_MAX 24

/* The first line of the file at path, without its newline, into buf; -1
 * with errno if it cannot be read. */
int sysfs_read(const char *path, char *buf, size_t size);

/* text written into the existing file at path in one write; -1 with
 * errno if it cannot be opened or the kernel refuses the value. */
int sysfs_write(const char *path, const char *text);

struct sysfs_choices {
	char names[SYSFS_CHOICES_MAX][SYSFS_CHOICE_MAX];
	size_t n;
	int current;		/* index of the bracketed one; -1: none */
};

/* A choice list into c; a list of one word without brackets has that word
 * in force (a queue without an elevator shows "none" alone).  0, or -1
 * if it is not one: empty, two bracketed words, a bracket not closed,
 * too many words or one too long. */
int sysfs_choices(const char *text, struct sysfs_choices *c);

/* The word in force of a choice list into out; the first word if none is
 * bracketed (or the list is not one). */
void sysfs_selected(const char *text, char *out, size_t size);

#endif
