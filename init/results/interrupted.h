/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * interrupted.h: runs that an earlier boot left "running".
 *
 * A run whose machine lost power, was reset or hung before the init
 * wrote its final run.json keeps the status "running" on the results
 * partition.  The next boot that mounts the partition marks each such
 * run "interrupted", with a reason naming the run that found it; the
 * rest of its record, and every other file of it, stay as they were.
 * Only run directories that still hold the marker RESULTS_RESERVE_NAME
 * are read (results_state.h): a finished run removed it, so a boot does
 * not read every record on the partition.
 */
#ifndef BOOTBENCH_INIT_INTERRUPTED_H
#define BOOTBENCH_INIT_INTERRUPTED_H

#include <stddef.h>

/* run.json text with the status "running" as the init writes it: a new
 * text with the status "interrupted" and reason as its reason (the
 * caller frees it).  NULL when the text is not valid JSON, not a
 * "running" record, or not laid out as runjson.c writes it. */
char *interrupted_record(const char *text, size_t len, const char *reason);

/* Mark every unfinished run under base/runs/ but skip (a name under
 * runs/) whose run.json says "running", as found by run by_id at utc, and
 * remove its marker (and the space it held).  Each is said
 * on the console.  Returns how many were marked; a run that could not
 * be read or rewritten gets a warning and is left as it was. */
int interrupted_mark_all(const char *base, const char *skip, const char *by_id,
			 const char *utc);

#endif
