/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * proc.h: child processes, each with a deadline.
 *
 * Every wait is bounded and returns early when bootbench-bench is asked to
 * stop (SIGTERM, SIGINT, SIGHUP).  A child runs in its own process group
 * with a given environment and, if asked, as an unprivileged user; it
 * reads /dev/null and writes stdout and stderr to one descriptor.
 */
#ifndef BOOTBENCH_PROC_H
#define BOOTBENCH_PROC_H

#include "common/spawn.h"

#include <signal.h>
#include <stdbool.h>
#include <sys/types.h>

/* A child as spawn_start() takes it (common/spawn.h: argv, environment,
 * user, working directory, session, output, cgroup), with what the
 * runner adds: its name for messages, where its output is kept, and
 * when to end it early. */
struct proc_spec {
	const char *name;          /* what runs, for messages: "initdb" */
	struct spawn_spec spawn;   /* argv[0] is an absolute path; spawn.out_fd
				      is the child's stdout and stderr for
				      proc_spawn(), proc_run() gives it a pipe */
	const char *log_name;      /* where its output is kept, for messages */
	volatile sig_atomic_t *enough;   /* proc_run: if set and non-zero (by
					    the line or tick function), end
					    the child and return 1 */
	double (*tick)(void *ctx); /* proc_run: every tick_s seconds while it
				      runs, with the line function's ctx; it
				      may name the clock_now() time of the
				      next (0: tick_s later), as spawn_run.h
				      says */
	double tick_s;
};

typedef void (*proc_line_fn)(void *ctx, const char *line);

/* Block the stop signals and SIGCHLD: they are taken only while waiting. */
int proc_init(void);

/* The stop signal received, or 0. */
int proc_stop_signal(void);

/* Whether proc_run() left a child stuck in uninterruptible sleep (state
 * D): it did not end after its deadline (or a stop signal) and SIGKILL.
 * Its I/O does not complete, and an unmount or a sync of its volume
 * would hang as well: from then on the run touches no volume and ends
 * with exit status STUCK_EXIT (common/procstat.h). */
bool proc_stuck(void);

/* Start a child.  Returns 0 and its pid, or fail() (exec errors included). */
int proc_spawn(const struct proc_spec *spec, pid_t *pid);

/*
 * Run a child to its end within timeout_s seconds.  Its output goes to
 * log_fd and, line by line (common/linesplit.h), to fn.
 * Returns 0 if it exited with status 0, 1 if it was ended because
 * spec->enough was set, else fail() with why.
 */
int proc_run(const struct proc_spec *spec, double timeout_s, int log_fd,
	     proc_line_fn fn, void *ctx);

/*
 * proc_run with the output kept in the file log_path (created, fsync'd at
 * the end), after the line header unless it is NULL.
 */
int proc_run_logged(const struct proc_spec *spec, double timeout_s,
		    const char *log_path, const char *header,
		    proc_line_fn fn, void *ctx);

/*
 * Wait up to timeout_s for pid to end.  Returns 1 with *status set if it
 * ended, 0 if the time ran out, -1 if a stop signal came (when
 * stoppable).
 */
int proc_wait(pid_t pid, double timeout_s, bool stoppable, int *status);

/*
 * Wait up to timeout_s for fd to have something to read.  Returns 1 when
 * it has, 0 when the time ran out or a child ended first (the caller
 * looks at its own), -1 if a stop signal came.
 */
int proc_wait_readable(int fd, double timeout_s);

/* End pid's process group: SIGTERM, then SIGKILL after grace_s; reaps. */
void proc_end(pid_t pid, double grace_s);

/* fail() saying which stop signal ended what. */
int proc_stopped_fail(const char *during);

/* Sleep; returns -1 early if a stop signal came. */
int proc_sleep(double seconds);

/*
 * For loops that run without waiting (the stop signals stay blocked):
 * take a stop signal that is pending.  Returns 0, or proc_stopped_fail()
 * naming what was running if one came.
 */
int proc_check_stop(const char *during);

/*
 * fail() naming the child, how it ended (exit status or signal), its last
 * line of output if known and where the rest of it is.
 */
int proc_status_fail(const struct proc_spec *spec, int status,
		     const char *last_line);

#endif
