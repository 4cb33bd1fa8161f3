/* SPDX-License-Identifier: GPL-2.0-only */
/* rundir.h: the directory of one run on the results partition:
 * runs/<UTC YYYYmmddTHHMMSSZ>_<kernel release>_<id>/ with logs/ in it. */
#ifndef BOOTBENCH_RUNDIR_H
#define BOOTBENCH_RUNDIR_H

#include <stddef.h>
#include <time.h>

/* The directory's name (without "runs/"); characters other than
 * [A-Za-z0-9._+-] in the release become '_'.  -1 if it does not fit. */
int rundir_name(char *buf, size_t size, time_t utc, const char *release, const char *id);

/* Create BASE/runs/NAME (NAME-2, NAME-3 ... if it exists) and its logs/,
 * fsync'd; the path relative to BASE goes to rel.  fail()s on error. */
int rundir_create(const char *base, const char *name, char *rel, size_t size);

/* "2025-01-31T12:00:00Z" */
void utc_string(char *buf, size_t size, time_t utc);

#endif
