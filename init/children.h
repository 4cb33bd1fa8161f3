/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * children.h: the children of the boot program.
 *
 * children_run() runs a program as common/spawn_run.h does, in a session of
 * its own; while it waits it reaps every child, orphans included, and
 * it reads the output at most CHILDREN_AFTER_EXIT seconds after the program
 * exited (an orphan may hold the pipe).  children_run_checked() also says
 * in one text why a run did not end well.  children_adopt() makes
 * the orphans of the boot program's descendants its own children, so
 * that it reaps them and proc_stop_all() (stop_all.h) ends them.
 */
#ifndef BOOTBENCH_INIT_CHILDREN_H
#define BOOTBENCH_INIT_CHILDREN_H

#include "common/spawn_run.h"

#define CHILDREN_KILL_GRACE 10.0
#define CHILDREN_AFTER_EXIT 1.0
/* Room for children_run_checked()'s why: a path, a status and a last line. */
#define CHILDREN_WHY_MAX (SPAWN_WHAT_MAX + LINESPLIT_MAX + 256)

/* What children_run() does while it waits, besides reading the output. */
struct children_watch {
	double (*tick)(void *ctx);	/* every tick_s seconds while it runs;
					   returns 0 (spawn_wait's tick) */
	double tick_s;
	volatile sig_atomic_t *enough;	/* once set (by tick): end it now */
};

/* Run argv[0] (an absolute path) with the init's environment.  deadline
 * is a clock_now() time.  Each output line goes to line(ctx, text);
 * watch (or NULL) is called with the same ctx.  Returns -1 (errno set,
 * r->what the step, naming the program: for "could not %s:") if the
 * program could not be started, else 0 with *r filled. */
int children_run(const char *const argv[], double deadline, double kill_grace,
		 linesplit_fn *line, void *ctx, const struct children_watch *watch,
	     struct spawn_result *r);

/* children_run() with a deadline timeout seconds away, for a program that
 * should exit 0.  name says what ran ("mkfs.ext4 /dev/vda1").  Returns 0
 * if it exited 0, else -1 with why (why_len bytes) saying what went
 * wrong: it could not be started (and why), it did not finish within
 * timeout s, or it failed (its status and its last line of output). */
int children_run_checked(const char *const argv[], const char *name, int timeout,
			 linesplit_fn *line, void *ctx, char *why, size_t why_len);

#define CHILDREN_PATH "/usr/bin:/bin:/usr/sbin:/sbin:/opt/postgresql/bin"

/* PATH and TZ (UTC) for every program the boot program starts. */
void children_environment(void);

/* PR_SET_CHILD_SUBREAPER: 0, or -1 after fail(). */
int children_adopt(void);

#endif
