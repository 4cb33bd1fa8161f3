/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * supervise.h: what PID 1 decides about the boot program: the run's
 * deadline and the after= action, read from the kernel command line the
 * way the boot program reads them (cmdline.h); how the machine ends for
 * each way the boot program can end (handover.h); and the reason and
 * the end line of a run whose boot program did not end it.
 */
#ifndef BOOTBENCH_INIT_SUPERVISE_H
#define BOOTBENCH_INIT_SUPERVISE_H

#include <stdbool.h>
#include <stddef.h>

#include "init/handover.h"
#include "init/kernel/cmdline.h"
#include "init/results/endline.h"

/* After bootbench.timeout, the boot program has this long to end the
 * run by itself (its own deadlines come first). */
#define DEADLINE_EXTRA	60
/* The record-crash mode's time when less is left of the run's: after a
 * hang, the machine is off within bootbench.timeout + about 150 s. */
#define RECORD_TIME	60
/* PID 1's last sync(2) before the machine ends, in a child: it goes on
 * without it after this long (a disk whose I/O was lost never syncs). */
#define SYNC_TIME	30

struct supervision {
	long timeout;		/* bootbench.timeout, or its default */
	enum after after;	/* bootbench.after, or its default */
};

/* The two parameters of a kernel command line (NULL: none could be
 * read); each bad or missing one has its default. */
void supervise_read(const char *cmdline, struct supervision *s);

/* Did the boot program, ending with wait status status, end the run? */
bool supervise_ended(int status);

/* The reboot(2) command for that end: the one the boot program asked for
 * if it ended the run, else supervise_after()'s. */
int supervise_command(int status, const struct supervision *s);

/* Power off, or reboot for after=reboot (a shell needs the boot program). */
int supervise_after(const struct supervision *s);

/* The reason of a run whose boot program did not end it, for the console,
 * the end line and run.json: "the boot program was killed by signal 11
 * (Segmentation fault) in phase bench".  timed_out: it passed the
 * deadline and was stopped (status is then not used); phase "" if
 * unknown. */
const char *supervise_reason(int status, bool timed_out, const struct supervision *s,
			     const char *phase, char *buf, size_t size);

/* The end line of a run whose boot program did not end it: failed with
 * reason; the run, the phase and the results partition as the handover
 * file h says (results: NULL for h's, or the state found since);
 * after: what PID 1 does next. */
void supervise_end_line(const struct handover *h, const char *reason, bool record_saved,
			const char *results, const struct supervision *s,
			struct end_line *e);

#endif
