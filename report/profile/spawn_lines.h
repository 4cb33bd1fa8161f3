/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * spawn_lines.h: run a program of the host (the host's perf) and read what it
 * prints, line by line, without a shell.
 */
#ifndef BOOTBENCH_REPORT_SPAWN_LINES_H
#define BOOTBENCH_REPORT_SPAWN_LINES_H

#include <stddef.h>

/* Called with each line of the program's output, without its newline
 * (NUL-terminated, and len long). */
typedef void spawn_line_fn(void *ctx, char *line, size_t len);

/* Run argv[0] (looked up in PATH) with argv, stdin from /dev/null, its
 * output to line(ctx, ...), environment env (NAME=VALUE strings, NULL
 * ends them) added to ours.  Returns 0 when it exited with status 0;
 * otherwise -1 and *error, a new string: why, in one line ("perf not
 * found", "perf exited with status 1: <its last line on stderr>"). */
int spawn_lines(char *const argv[], char *const env[], spawn_line_fn *line, void *ctx,
		char **error);

#endif
