/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * whole_file.h: an output made in memory, then written to its file whole
 * or not at all (common/fileio.h write_file_atomic: write, fsync,
 * rename), so that a failure never leaves half a page or half a file.
 */
#ifndef BOOTBENCH_REPORT_WHOLE_FILE_H
#define BOOTBENCH_REPORT_WHOLE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct whole_file {
	const char *path;
	FILE *f;                /* where the output is written */
	char *buf;
	size_t len;
};

/* Begin the output of path: w->f; false after an error naming path. */
bool whole_file_open(struct whole_file *w, const char *path);
/* End it and write path; false after an error naming it.  Either way
 * what whole_file_open took is freed. */
bool whole_file_write(struct whole_file *w);

#endif
