/* SPDX-License-Identifier: GPL-2.0-only */
/* msg.c: progress lines, warnings and the recorded failure reason. */
#include "bench/msg.h"
#include "common/cli.h"
#include "common/message.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *cli_program = PROGNAME;
static char reason[1024];

/* Format into buf; a format ending in ':' appends strerror(errno). */
static void format(char *buf, size_t len, const char *fmt, va_list ap)
{
	int saved = errno;

	message_vformat(buf, len, saved, fmt, ap);
	errno = saved;
}

void note(const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	va_start(ap, fmt);
	format(line, sizeof(line), fmt, ap);
	va_end(ap);
	printf("%s\n", line);
	fflush(stdout);
}

int fail(const char *fmt, ...)
{
	char line[sizeof(reason)];
	va_list ap;

	va_start(ap, fmt);
	format(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (reason[0] == '\0')
		memcpy(reason, line, sizeof(reason));
	else if (strcmp(line, reason) != 0)	/* the reason is printed at the end */
		fprintf(stderr, "%s: %s\n", PROGNAME, line);
	return -1;
}

void warning(const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	va_start(ap, fmt);
	format(line, sizeof(line), fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s: warning: %s\n", PROGNAME, line);
}

const char *fail_reason(void)
{
	return reason[0] ? reason : NULL;
}

void fail_take(char *buf, size_t len)
{
	snprintf(buf, len, "%s", reason);
	reason[0] = '\0';
}

void lava_testcase(const char *id, int pass, double measurement,
		   const char *units)
{
	if (units)
		printf("<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=%s RESULT=%s "
		       "MEASUREMENT=%.1f UNITS=%s>\n",
		       id, pass ? "pass" : "fail", measurement, units);
	else
		printf("<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=%s RESULT=%s>\n",
		       id, pass ? "pass" : "fail");
	fflush(stdout);
}
