/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * suite_keys.h: the keys of [suite] and [filesystem], and the checks of a
 * whole suite (combinations no single value shows to be wrong).
 */
#ifndef BOOTBENCH_SUITE_KEYS_H
#define BOOTBENCH_SUITE_KEYS_H

#include <stdio.h>

#include "bench/suite/suite.h"

extern const struct suite_key suite_section_keys[];
extern const struct suite_key filesystem_keys[];

/*
 * Check the suite as a whole: [suite] values into s, impossible
 * combinations, each workload's own check.  Returns 0, or -1 with the
 * reason in err and, if one key is to blame, *at.
 */
int suite_check(struct suite *s, const struct suite_param **at,
		char *err, size_t len);

/* Every key of every section, one line each (`bootbench-bench keys`). */
void suite_list_keys(FILE *out);

#endif
