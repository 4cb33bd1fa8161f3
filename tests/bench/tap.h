/*
 * tap.h: TAP output for the bench unit tests: one "ok N - what" or
 * "not ok N - what" line per check, "1..N" at the end.
 */
#ifndef BOOTBENCH_TEST_TAP_H
#define BOOTBENCH_TEST_TAP_H

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static int tap_count, tap_failures;

static bool tap_ok(bool pass, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static bool tap_ok(bool pass, const char *file, int line, const char *fmt, ...)
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

#define ok(cond, ...) tap_ok((cond), __FILE__, __LINE__, __VA_ARGS__)

/* Strings equal; on failure both are shown. */
#define is_str(got, want, ...) do {                                      \
	const char *g_ = (got), *w_ = (want);                             \
	if (!ok(g_ && w_ && strcmp(g_, w_) == 0, __VA_ARGS__))            \
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

static int tap_done(void)
{
	printf("1..%d\n", tap_count);
	return tap_failures ? 1 : 0;
}

#endif
