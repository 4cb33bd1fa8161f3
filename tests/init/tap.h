/* tap.h: TAP lines for the init's unit tests ("ok N - what"). */
#ifndef BOOTBENCH_TAP_H
#define BOOTBENCH_TAP_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static int tap_count, tap_failed;

__attribute__((format(printf, 2, 3)))
static bool ok(bool cond, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d - ", cond ? "" : "not ", ++tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	if (!cond)
		tap_failed++;
	return cond;
}

/* ok() for strings, showing both when they differ. */
__attribute__((unused))
static bool is_str(const char *got, const char *want, const char *what)
{
	bool same = got && want ? strcmp(got, want) == 0 : got == want;

	ok(same, "%s", what);
	if (!same)
		printf("#   got:  \"%s\"\n#   want: \"%s\"\n", got ? got : "(null)",
		       want ? want : "(null)");
	return same;
}

static int tap_done(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}

#endif
