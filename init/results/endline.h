/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * endline.h: the last line of every boot, for labs and CI that read the
 * console and not the disk.
 *
 *   bootbench-end: {"status": "failed", "failed_phase": "bench", ...}
 *
 * One JSON object on one line (doc/results-format.md, "The end line"):
 * the run's status and reason, its directory, whether its final run.json
 * is on the disk, and the state of the results partition at the finish.
 */
#ifndef BOOTBENCH_INIT_ENDLINE_H
#define BOOTBENCH_INIT_ENDLINE_H

#include <stdio.h>

#include "init/boot.h"

#define END_LINE_PREFIX "bootbench-end: "

/* The JSON object of the end line of boot b, without a newline. */
void end_line_write(FILE *out, const struct boot *b);

/* Print it on the console. */
void end_line(const struct boot *b);

#endif
