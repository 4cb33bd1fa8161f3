/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * stop_all.h: end every process of the machine but PID 1 and the caller
 * (kill(2) with pid -1), as the boot program does before the machine
 * ends, and PID 1 with what a crashed boot program left running.  The
 * caller must be the parent of them all: PID 1, or the boot program as
 * their subreaper (children.h).
 */
#ifndef BOOTBENCH_INIT_STOP_ALL_H
#define BOOTBENCH_INIT_STOP_ALL_H

#define STOP_GRACE 5.0	/* seconds from SIGTERM to SIGKILL */

/* SIGTERM every process, reap for up to grace seconds, then SIGKILL
 * and reap what is left.  Returns 1 if some would not die, else 0. */
int proc_stop_all(double grace);

#endif
