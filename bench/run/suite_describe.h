/* SPDX-License-Identifier: GPL-2.0-only */
/* suite_describe.h: what `bootbench-bench describe` says of a suite. */
#ifndef BOOTBENCH_SUITE_DESCRIBE_H
#define BOOTBENCH_SUITE_DESCRIBE_H

#include <stdio.h>

#include "bench/suite/suite.h"

/* The key=value lines of `bootbench-bench describe`. */
void suite_describe(const struct suite *s, FILE *out);

#endif
