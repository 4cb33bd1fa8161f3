/* SPDX-License-Identifier: GPL-2.0-only */
/* suite_parse.h: a suite's INI text into struct suite (suite_parse.c). */
#ifndef BOOTBENCH_SUITE_PARSE_H
#define BOOTBENCH_SUITE_PARSE_H

#include <stddef.h>

#include "bench/suite/suite.h"

/* Parse suite text (read from source) into s.  Returns 0 or -1 and err. */
int suite_parse(const char *name, const char *source, const char *text,
		struct suite *s, char *err, size_t errlen);

#endif
