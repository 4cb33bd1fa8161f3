/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * spawn_run.h: run a child to its end with a deadline, its output line by
 * line.
 *
 * The child (spawn.h) writes stdout and stderr to a pipe, read in a ppoll()
 * loop that wakes when output comes, when a child ends (SIGCHLD, open in
 * the wait's mask: spawn_catch_sigchld()) and when a time comes (the
 * deadline, or the caller's tick, every tick_s seconds while it runs).  At the
 * deadline, or when asked to stop, its process group gets SIGTERM, and
 * SIGKILL kill_grace seconds later; if it has not ended SPAWN_GIVE_UP
 * seconds after that, it is given up (lost).
 */
#ifndef BOOTBENCH_COMMON_SPAWN_RUN_H
#define BOOTBENCH_COMMON_SPAWN_RUN_H

#include <signal.h>
#include <stdbool.h>
#include <sys/types.h>

#include "common/linesplit.h"
#include "common/spawn.h"

#define SPAWN_GIVE_UP 5.0

/* Whether pid has ended: 1 with *status, 0 if not yet, -1 with errno set
 * if it cannot be waited for.  Called on every wake, also after pid has
 * ended (then what it returns does not count): a PID 1 reaps every child. */
typedef int spawn_ended_fn(pid_t pid, int *status);

struct spawn_wait {
	double deadline;		/* a clock_now() time */
	double kill_grace;		/* s from SIGTERM to SIGKILL */
	double after_exit;		/* s to read output after it exited (what it
					   left in the background may hold the
					   pipe); < 0: to the end of the output,
					   the deadline still applying */
	const sigset_t *mask;		/* the signal mask while waiting */
	volatile sig_atomic_t *stop;	/* if set and non-zero: end it now */
	volatile sig_atomic_t *enough;	/* the same, asked for by the caller
					   (a line it read): r->ended */
	spawn_ended_fn *ended;		/* NULL: waitpid(pid, WNOHANG) */
	linesplit_fn *line;		/* each line of output, or NULL */
	double (*tick)(void *ctx);	/* every tick_s (> 0) seconds from the
					   start while it runs (not after it was
					   signalled), or NULL; it may set *enough,
					   and returns the clock_now() time of the
					   next one if it wants it elsewhere (the
					   ones after follow it tick_s apart), else 0 */
	double tick_s;
	void *ctx;			/* of line and tick */
	int copy_fd;			/* output also copied here as is; -1: not */
};

struct spawn_result {
	bool timed_out;			/* the deadline passed: it was signalled */
	bool stopped;			/* *stop was set: it was signalled */
	bool ended;			/* *enough was set: it was signalled */
	bool lost;			/* it did not end even after SIGKILL */
	pid_t pid;			/* its process id, once started */
	int status;			/* wait status, if it ended */
	int wait_errno;			/* waiting for it failed */
	int read_errno;			/* reading its output failed: it was signalled */
	int copy_errno;			/* copying to copy_fd failed: the copy stopped */
	char what[SPAWN_WHAT_MAX];	/* the step that failed if it did not start */
	char last[LINESPLIT_MAX];	/* its last line of output, or "" */
};

/* Run s (its out_fd is replaced by the pipe).  Returns -1 with errno set
 * and r->what if it could not be started, else 0 with *r filled. */
int spawn_run(const struct spawn_spec *s, const struct spawn_wait *w,
	      struct spawn_result *r);

#endif
