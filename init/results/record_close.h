/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * record_close.h: ending a run.json that says "running" after the boot
 * that wrote it could not: a later boot marks it "interrupted"
 * (interrupted.h), the record-crash mode "failed" (crash_record.h).
 *
 * The text is the one runjson.c wrote when the run directory was made;
 * the status, the reason, the failed phase and the finish time take the
 * place of its "running" values, and every other byte stays.
 */
#ifndef BOOTBENCH_INIT_RECORD_CLOSE_H
#define BOOTBENCH_INIT_RECORD_CLOSE_H

#include <stdbool.h>
#include <stddef.h>

#define RUN_JSON_MAX (16 << 20)

/* Does run.json text say "running"? */
bool record_running(const char *text, size_t len);

/* A new text (the caller frees it) with status, reason, failed_phase and
 * finished_utc (NULL: null).  NULL when the text is not valid JSON, not
 * a "running" record, or not laid out as runjson.c writes it. */
char *record_close(const char *text, size_t len, const char *status, const char *reason,
		   const char *failed_phase, const char *finished_utc);

#endif
