/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tests/lib/tap.h: TAP output for the C unit tests (bench, init, report):
 * one "ok N - what" or "not ok N - what" line per check, and the plan
 * "1..N" printed by tap_done() at the end.  A test that stops before
 * tap_done() (a crash, an early return) prints no plan, and
 * tests/run-tests counts it as failed.
 *
 *   ok(cond, fmt, ...)          a truth value: passes when cond is true
 *                               (nonzero), fails when it is false (0);
 *                               returns cond.  (The shell's tap_status
 *                               takes an exit status instead, 0 passes,
 *                               and its tap_check a command.)
 *   skip(what, fmt, ...)        "ok N - what # SKIP why": a check that
 *                               cannot be made here, and why (fmt, ...);
 *                               tests/run-tests counts it with the passes
 *   is_str(got, want, fmt, ...) strings equal (two NULLs are equal); on a
 *                               mismatch both are shown
 *   is_int(got, want, fmt, ...) integers equal, both shown on a mismatch
 *   is_num(got, want, fmt, ...) doubles equal within 1e-9 relative
 *   tap_done()                  prints "1..N"; returns 1 if anything
 *                               failed, else 0: return tap_done() from main
 *   tap_put(dir, name, text)    writes text into the file dir/name (a
 *                               test's scratch tree); a failed check that
 *                               names the path and why if it cannot
 *
 * The shell side of the same convention is tests/lib/tap.sh (tap_status
 * STATUS WHAT takes an exit status, tap_check WHAT CMD... a command), the
 * Python side tests/lib/pytap.py (check(ok, what) takes a truth value, as
 * ok() does).
 */
#ifndef BOOTBENCH_TEST_TAP_H
#define BOOTBENCH_TEST_TAP_H

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static int tap_count, tap_failures;

/* The result of one check: pass is a truth value (true passes). */
__attribute__((format(printf, 4, 5), unused))
static bool tap_result(bool pass, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d - ", pass ? "" : "not ", ++tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!pass) {
		tap_failures++;
		printf("#   at %s line %d\n", file, line);
	}
	fflush(stdout);
	return pass;
}

#define ok(cond, ...) tap_result((cond), __FILE__, __LINE__, __VA_ARGS__)

/* A check not made: "ok N - WHAT # SKIP WHY", WHY printf's fmt and its
 * arguments. */
__attribute__((format(printf, 2, 3), unused))
static void tap_skip(const char *what, const char *fmt, ...)
{
	va_list ap;

	printf("ok %d - %s # SKIP ", ++tap_count, what);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

#define skip(what, ...) tap_skip((what), __VA_ARGS__)

/* Strings equal (or both NULL); on failure both are shown. */
#define is_str(got, want, ...) do {                                      \
	const char *g_ = (got), *w_ = (want);                             \
	if (!ok(g_ && w_ ? strcmp(g_, w_) == 0 : g_ == w_, __VA_ARGS__))  \
		printf("#   got:  \"%s\"\n#   want: \"%s\"\n",               \
		       g_ ? g_ : "(null)", w_ ? w_ : "(null)");           \
} while (0)

#define is_int(got, want, ...) do {                                      \
	long long g_ = (got), w_ = (want);                                \
	if (!ok(g_ == w_, __VA_ARGS__))                                   \
		printf("#   got: %lld, want: %lld\n", g_, w_);            \
} while (0)

/* Doubles equal within 1e-9 relative. */
#define is_num(got, want, ...) do {                                      \
	double g_ = (got), w_ = (want);                                   \
	if (!ok(fabs(g_ - w_) <= 1e-9 * fmax(1.0, fabs(w_)), __VA_ARGS__)) \
		printf("#   got: %.17g, want: %.17g\n", g_, w_);          \
} while (0)

__attribute__((unused))
static void tap_put(const char *dir, const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f || fputs(text, f) == EOF || fclose(f) != 0)
		ok(false, "could not write %s: %s", path, strerror(errno));
}

__attribute__((unused))
static int tap_done(void)
{
	printf("1..%d\n", tap_count);
	fflush(stdout);
	return tap_failures ? 1 : 0;
}

#endif
