/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * spawn.h: child processes of PID 1.
 *
 * proc_run() runs a program with stdin on /dev/null and stdout+stderr on
 * a pipe read line by line, until it exits or its deadline passes
 * (then SIGTERM, and SIGKILL to its process group KILL_GRACE seconds
 * later).  While it waits it reaps every child, orphans included.
 */
#ifndef BOOTBENCH_INIT_SPAWN_H
#define BOOTBENCH_INIT_SPAWN_H

#include <stdbool.h>

#define PROC_KILL_GRACE 10.0

struct proc_result {
	bool timed_out;		/* the deadline passed and it was signalled */
	bool lost;		/* it did not die even after SIGKILL */
	int status;		/* wait status (valid unless lost) */
};

typedef void proc_line_fn(void *ctx, const char *line);

/* Run argv[0] (an absolute path).  deadline is a clock_now() time.
 * Each output line goes to line(ctx, text).  Returns -1 (errno set) if
 * the program could not be started, else 0 with *r filled. */
int proc_run(const char *const argv[], double deadline, double kill_grace,
	     proc_line_fn *line, void *ctx, struct proc_result *r);

/* "exit status 3", "killed by signal 9", ... */
const char *proc_status_str(int status, char *buf, unsigned size);

/* SIGTERM every process, reap for up to grace seconds, then SIGKILL
 * and reap what is left.  Returns 1 if some would not die, else 0. */
int proc_stop_all(double grace);

/* Reap children that have already exited. */
void proc_reap(void);

#endif
