/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * walk_file.h: the walk file, a list of kernels one power-on measures in
 * turn (bootbench.next=PATH, on the results partition; init/walk/walk.h).
 *
 *   # any comment
 *   id 3f2a9c1b                  optional: the runs get ids 3f2a9c1b-N
 *   deadline 1764560000          optional: Unix time after which no kernel is loaded
 *   next 1                       the entry loaded after the current run
 *   kernel NAME VMLINUZ INITRD [PARAMETER...]
 *                                one per kernel, in order; paths relative
 *                                to the results partition's root; the
 *                                parameters make the kernel a variant
 *                                (init/kernel/variant.h)
 *
 * Entry 0 is the kernel the machine boots first; next counts up to the
 * number of entries, when the walk is over.
 */
#ifndef BOOTBENCH_INIT_WALK_FILE_H
#define BOOTBENCH_INIT_WALK_FILE_H

#include <stdio.h>

#include "init/kernel/results_path.h"
#include "init/kernel/variant.h"

#define WALK_MAX 16
#define WALK_NAME_MAX 64
#define WALK_PATH_MAX RESULTS_PATH_MAX
#define WALK_ID_MAX 20

struct walk_entry {
	char name[WALK_NAME_MAX + 1];
	char vmlinuz[WALK_PATH_MAX + 1];
	char initrd[WALK_PATH_MAX + 1];
	struct variant variant;		/* name "" for none */
};

struct walk {
	char id[WALK_ID_MAX + 1];	/* "" if none */
	long long deadline;		/* 0 if none */
	int next;
	int count;
	struct walk_entry entry[WALK_MAX];
};

/* Parse TEXT.  0, or -1 with err naming the line and what was expected. */
int walk_parse(const char *text, struct walk *w, char *err, size_t errlen);

/* Write w in the form walk_parse() reads; 0 or -1 (a write error). */
int walk_write(FILE *out, const struct walk *w);

#endif
