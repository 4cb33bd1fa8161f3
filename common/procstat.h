/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * procstat.h: a process's name and state from /proc/PID/stat, shared by
 * the init and the suite runner, which both look for programs stuck in
 * uninterruptible sleep (state D): waiting for I/O that never completes,
 * where even SIGKILL does not end them.
 *
 *   231 (jbd2/vdb1-8) D 2 0 0 0 -1 ...
 *
 * The name is the text between the first '(' and the last ')': it may
 * hold blanks and parentheses of its own.
 */
#ifndef BOOTBENCH_PROCSTAT_H
#define BOOTBENCH_PROCSTAT_H

#include <sys/types.h>

/* The exit status of bootbench-bench run when a program of the run was
 * stuck in state D and the run ended at once, its volumes left as they
 * were (an unmount would hang too). */
#define STUCK_EXIT 3

struct procstat {
	int pid;
	char name[64];		/* the command name, at most 15 bytes on Linux */
	char state;		/* R, S, D, Z, T, t, X, I, ... */
};

/* The text of a /proc/PID/stat file: 0 and *p, or -1 if it is not one. */
int procstat_parse(const char *text, struct procstat *p);

/* The state letter of process pid (/proc/PID/stat), or 0 if it cannot be
 * read (errno set). */
char procstat_state(pid_t pid);

#endif
