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
 * The boot program prints it (boot_status.h), and when the boot program
 * crashed, its record-crash mode or PID 1 itself.
 */
#ifndef BOOTBENCH_INIT_ENDLINE_H
#define BOOTBENCH_INIT_ENDLINE_H

#include <stdbool.h>
#include <stdio.h>

#define END_LINE_PREFIX "bootbench-end: "

/* Its members; NULL is null. */
struct end_line {
	const char *status;		/* "done" or "failed" */
	const char *failed_phase, *reason;
	const char *id, *run;
	bool record_saved;
	const char *results;		/* results_state_name(), or "console" */
	const char *results_device;
	const char *after;		/* after_name(), or "kexec" */
	const char *next_kernel;
};

/* The JSON object, without a newline. */
void end_line_write(FILE *out, const struct end_line *e);

/* END_LINE_PREFIX and the object, on the console. */
void end_line_print(const struct end_line *e);

#endif
