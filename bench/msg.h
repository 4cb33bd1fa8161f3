/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * msg.h: what bootbench-bench tells the console, and why it failed.
 *
 * note() prints a progress line on stdout.  fail() records the reason the
 * run fails (the first reason wins: later ones are consequences) and
 * returns -1; warning() prints a line on stderr at once.  The same verbs
 * mean the same in the init (init/console.h) and the report
 * (report/diag.h).  A format ending in ':' gets ": strerror(errno)"
 * appended (common/message.h), so every failed call names what it did and
 * why it failed.
 */
#ifndef BOOTBENCH_MSG_H
#define BOOTBENCH_MSG_H

#include <stddef.h>

#define PROGNAME "bootbench-bench"

void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The recorded reason, or NULL if nothing failed. */
const char *fail_reason(void);

/* Move the recorded reason into buf and forget it, so that the next
 * failure is recorded afresh: a case that failed, after which the suite
 * goes on.  buf gets "" if nothing failed. */
void fail_take(char *buf, size_t len);

/* A LAVA test case line: with a measurement if units is not NULL. */
void lava_testcase(const char *id, int pass, double measurement,
		   const char *units);

#endif
