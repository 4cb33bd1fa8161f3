/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * diag.h: what bootbench-report and bootbench-gate say on stderr, with the
 * verbs of bench/msg.h and init/console.h: warning_at() warns about the
 * input, naming the file and, when known, the line (any warning about
 * skipped input makes the exit status 1); fail() says why it fails.  A
 * format ending in ':' gets ": strerror(errno)" appended
 * (common/message.h).
 */
#ifndef BOOTBENCH_REPORT_DIAG_H
#define BOOTBENCH_REPORT_DIAG_H

/* The name of bootbench-report; common/cli.h's cli_program, the name in
 * messages, is PROGNAME but in bootbench-gate, which links the report. */
#define PROGNAME "bootbench-report"

/* "bootbench-report: warning: PATH:LINE: ..." (no ":LINE" if line is 0).
 * A format ending in ':' gets ": strerror(errno)" appended. */
void warning_at(const char *path, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Whether any warning was given. */
int diag_skipped(void);
/* While quiet, warnings are counted but not printed (the same input read
 * again). */
void diag_quiet(int quiet);
/* "bootbench-report: error: ..." on stderr; returns -1. */
int fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
