/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * suite_read.h: where a suite comes from (suite_read.c): a file, the
 * results partition's suites/ directory, or the built-in ones.
 * suite_lookup() is the one place that decides it.
 */
#ifndef BOOTBENCH_SUITE_READ_H
#define BOOTBENCH_SUITE_READ_H

#include <stddef.h>

#include "bench/suite/suite.h"

/* A suite's text kept in the program (generated from bench/suites/). */
struct suite_text {
	const char *name;
	const char *text;
};

/* The built-in suites, ending with { NULL, NULL }. */
extern const struct suite_text builtin_suites[];

/*
 * Find the suite NAME: SUITE_RESULTS_DIR/NAME.ini if it exists, else the
 * built-in one.  Returns 0, or -1 with one line in err: an unknown suite
 * lists the suites there are; a bad suite names file, line and key.
 */
int suite_lookup(const char *name, struct suite *s, char *err, size_t errlen);
int suite_lookup_in(const char *dir, const char *name, struct suite *s,
		    char *err, size_t errlen);

/*
 * Read the suite file at path (named after the file, without ".ini").
 * Returns 0, or -1 with one line in err.  suite_free() releases it.
 */
int suite_read_file(const char *path, struct suite *s, char *err, size_t errlen);

#endif
