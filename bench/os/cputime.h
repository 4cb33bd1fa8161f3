/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cputime.h: CPU time as the kernel keeps it, in microseconds: of a cgroup
 * (its cpu.stat) or of bootbench-bench itself (getrusage).
 *
 * The sum, usage, is the scheduler's: the nanoseconds each task ran,
 * added up as it stops or is looked at (a task that is running on another
 * CPU at a read is counted to its last scheduler event, at most a tick
 * earlier).  The split into user and system (the kernel) is the tick's:
 * each tick counts the task it interrupts as in user mode or in the
 * kernel, and the kernel scales those counts to the sum (unless it was
 * built with full virtual accounting, which times each switch).
 */
#ifndef BOOTBENCH_CPUTIME_H
#define BOOTBENCH_CPUTIME_H

struct cputime {
	long long usage_us;        /* user + system */
	long long user_us;
	long long system_us;
};

/*
 * The text of a cgroup's cpu.stat ("usage_usec N\nuser_usec N\n
 * system_usec N\n..."; other lines are left alone).  0, or -1 if one of
 * the three is missing or not a number.
 */
int cputime_parse(const char *text, struct cputime *t);

/* Read a cpu.stat open at fd (read again from its start).  0, or -1
 * with errno set (EINVAL: not cpu.stat's text). */
int cputime_read(int fd, struct cputime *t);

/* This process's own (its threads', not its children's).  0 or -1. */
int cputime_self(struct cputime *t);

/* b - a, each field. */
struct cputime cputime_sub(const struct cputime *b, const struct cputime *a);
/* a + b, each field. */
struct cputime cputime_add(const struct cputime *a, const struct cputime *b);

#endif
