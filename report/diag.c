/* SPDX-License-Identifier: GPL-2.0-only */
/* diag.c: warnings and errors on stderr. */
#include "report/diag.h"
#include "common/cli.h"
#include "common/message.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *cli_program = PROGNAME;
static int warnings, quiet;

static void vmessage(const char *kind, const char *path, int line,
		     const char *fmt, va_list ap)
{
	char text[4096];

	message_vformat(text, sizeof(text), errno, fmt, ap);
	fprintf(stderr, "%s: %s: ", cli_program, kind);
	if (path && line > 0)
		fprintf(stderr, "%s:%d: ", path, line);
	else if (path)
		fprintf(stderr, "%s: ", path);
	fprintf(stderr, "%s\n", text);
}

void warning_at(const char *path, int line, const char *fmt, ...)
{
	va_list ap;

	warnings++;
	if (quiet)
		return;
	va_start(ap, fmt);
	vmessage("warning", path, line, fmt, ap);
	va_end(ap);
}

int diag_skipped(void)
{
	return warnings > 0;
}

void diag_quiet(int q)
{
	quiet = q;
}

int fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage("error", NULL, 0, fmt, ap);
	va_end(ap);
	return -1;
}
