/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * results_path.h: the one rule for a path the command line or the walk
 * file names on the results partition (bootbench.next=, a walk's kernel
 * and initramfs): relative to the partition's root, at most
 * RESULTS_PATH_MAX bytes of letters, digits and RESULTS_PATH_CHARS, and no
 * ".." among its components, so it cannot lead off the partition.
 */
#ifndef BOOTBENCH_INIT_RESULTS_PATH_H
#define BOOTBENCH_INIT_RESULTS_PATH_H

#include <stdbool.h>

#define RESULTS_PATH_MAX 200
#define RESULTS_PATH_CHARS "._+-@~/"
#define RESULTS_PATH_RULE "a path relative to the results partition: letters, digits and " \
	RESULTS_PATH_CHARS ", not starting with / and without \"..\""

bool results_path_ok(const char *p);

#endif
