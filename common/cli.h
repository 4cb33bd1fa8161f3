/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli.h: the command-line convention of bootbench-bench, bootbench-report
 * and bootbench-gate (README.md; host/bootbench/cli.py is the same for the
 * host tools), in the manner of PostgreSQL's tools:
 *
 *     bootbench-report: error: option "--format" needs a value
 *     Try "bootbench-report --help" for more information.
 *
 * A usage error is that line and the hint on stderr, exit status 2.  -h
 * and --help print the usage on stdout and exit 0; --version prints
 * "PROG (bootbench) ID", ID the image id.  Stdout that could not be
 * written is one line "PROG: error: could not write to stdout: ERR".
 */
#ifndef BOOTBENCH_COMMON_CLI_H
#define BOOTBENCH_COMMON_CLI_H

#include <stdbool.h>

/* The exit status of a usage error. */
#define CLI_USAGE 2

/* The program named in every message.  Each program defines it, in its
 * module of messages (bench/msg.c, report/diag.c); bootbench-gate sets it
 * to its own name before anything is said. */
extern const char *cli_program;

/* 'Try "PROG[ COMMAND] --help" for more information.' on stderr (command
 * NULL: none).  Returns CLI_USAGE. */
int cli_hint(const char *command);

/* "PROG: error: WHAT" and the hint of command (cli_hint).  Returns
 * CLI_USAGE. */
int cli_usage_error(const char *command, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Flush stdout: true, or false after the line saying it could not be
 * written. */
bool cli_stdout_written(void);

/* -h, --help: the usage text on stdout.  cli_stdout_written()'s answer. */
bool cli_print_help(const char *usage);

/* --version: "PROG (bootbench) ID" on stdout.  cli_stdout_written()'s
 * answer. */
bool cli_print_version(const char *image_id);

#endif
