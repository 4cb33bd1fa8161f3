/* SPDX-License-Identifier: GPL-2.0-only */
/* cli.c: the command-line convention (cli.h). */
#include "common/cli.h"
#include "common/message.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>

/* "PROG: error: WHAT" on stderr; a format ending in ':' gets strerror(err). */
static void error_line(int err, const char *fmt, va_list ap)
{
	char text[1024];

	message_vformat(text, sizeof(text), err, fmt, ap);
	fprintf(stderr, "%s: error: %s\n", cli_program, text);
}

int cli_hint(const char *command)
{
	fprintf(stderr, "Try \"%s%s%s --help\" for more information.\n", cli_program,
		command ? " " : "", command ? command : "");
	return CLI_USAGE;
}

int cli_usage_error(const char *command, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	error_line(errno, fmt, ap);
	va_end(ap);
	return cli_hint(command);
}

static void stdout_error(int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	error_line(err, fmt, ap);
	va_end(ap);
}

bool cli_stdout_written(void)
{
	if (fflush(stdout) == 0 && !ferror(stdout))
		return true;
	stdout_error(errno, "could not write to stdout:");
	return false;
}

bool cli_print_help(const char *usage)
{
	fputs(usage, stdout);
	return cli_stdout_written();
}

bool cli_print_version(const char *image_id)
{
	printf("%s (bootbench) %s\n", cli_program, image_id);
	return cli_stdout_written();
}
