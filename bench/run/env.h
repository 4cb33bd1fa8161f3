/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * env.h: an environment -- the state of the disk and the server that a
 * case's [filesystem] and [postgresql] values ask for.  Entering one
 * always starts from scratch: mkfs, mount, queue settings, initdb,
 * postgresql.conf, start (in host mode a new data directory instead of
 * the device).
 */
#ifndef BOOTBENCH_ENV_H
#define BOOTBENCH_ENV_H

#include "bench/run/run_state.h"

/* env_enter() when the devices themselves cannot be used (not a block
 * device, too small): no environment can be made, the run cannot go on. */
#define ENV_UNUSABLE (-2)

/* Leave the environment in place, if any, and make c's.  0, -1 (this
 * environment could not be made) or ENV_UNUSABLE. */
int env_enter(struct run *r, const struct bench_case *c);

/* Stop the server and unmount.  0 or -1. */
int env_leave(struct run *r);

/* After a failure: leave nothing running or mounted. */
void env_clean_up(struct run *r);

/* What the environment shows after a case failed, appended to reason
 * (of size len): "; postgres had ended (killed by signal 9)", "; the
 * target /mnt/target was full (0 KiB free of 58 MiB)". */
void env_diagnose(struct run *r, char *reason, size_t len);

/* After a case failed, with the suite going on: stop the server (an
 * immediate shutdown, and every process left in its session killed),
 * unmount, and forget the environment, so the next case makes a fresh
 * one.  What goes wrong on the way is noted on the console; it is not
 * the run's failure. */
void env_tear_down(struct run *r);

#endif
