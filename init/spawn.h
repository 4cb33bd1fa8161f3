/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * spawn.h: child processes of PID 1.
 *
 * proc_run() runs a program as common/spawn_run.h does, in a session of
 * its own; while it waits it reaps every child, orphans included, and
 * it reads the output at most PROC_AFTER_EXIT seconds after the program
 * exited (an orphan may hold the pipe).  proc_stop_all() ends every
 * process of the machine.
 */
#ifndef BOOTBENCH_INIT_SPAWN_H
#define BOOTBENCH_INIT_SPAWN_H

#include "../common/spawn_run.h"

#define PROC_KILL_GRACE 10.0
#define PROC_AFTER_EXIT 1.0

/* Run argv[0] (an absolute path) with the init's environment.  deadline
 * is a clock_now() time.  Each output line goes to line(ctx, text).
 * Returns -1 (errno set, r->what the step, naming the program: for
 * "could not %s:") if the program could not be started, else 0 with *r
 * filled. */
int proc_run(const char *const argv[], double deadline, double kill_grace,
	     linesplit_fn *line, void *ctx, struct spawn_result *r);

/* SIGTERM every process, reap for up to grace seconds, then SIGKILL
 * and reap what is left.  Returns 1 if some would not die, else 0. */
int proc_stop_all(double grace);

#endif
