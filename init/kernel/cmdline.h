/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cmdline.h: the bootbench.* parameters of the kernel command line.
 *
 * Every bootbench.* key must be known and have a valid value; the first
 * problem is reported in err naming the key and the value.
 */
#ifndef BOOTBENCH_CMDLINE_H
#define BOOTBENCH_CMDLINE_H

#include <stdbool.h>
#include <stddef.h>

#include "common/clockmode.h"
#include "init/kernel/devspec.h"
#include "init/kernel/results_path.h"
#include "init/kernel/variant.h"

#define SUITE_NAME_MAX 64
#define RUN_ID_MAX 32
#define ERASE_MAX 2
#define TIMEOUT_DEFAULT 3600L
#define TIMEOUT_MAX (7L * 24 * 3600)
#define DISK_WAIT_MAX 3600L
#define RESULTS_CONSOLE "console"	/* bootbench.results=console */
#define NEXT_PATH_MAX RESULTS_PATH_MAX	/* bootbench.next= */

enum after { AFTER_POWEROFF, AFTER_REBOOT, AFTER_SHELL };

struct params {
	char suite[SUITE_NAME_MAX + 1];
	struct devspec target;
	struct devspec results;		/* kind NONE if its value was bad, or console */
	bool results_console;		/* bootbench.results=console: no partition */
	struct devspec wal;		/* kind NONE if not given */
	char erase[ERASE_MAX][DEVSPEC_MAX];
	int erase_count;
	bool results_init;
	bool pmem;			/* bootbench.pmem=1: load persistent memory's drivers */
	bool unsigned_modules;		/* bootbench.unsigned-modules=1: without signatures */
	bool online_cpus;		/* bootbench.online-cpus=1: bring present CPUs online */
	enum after after;
	long timeout;			/* seconds, for the whole run */
	long disk_wait;			/* seconds */
	char id[RUN_ID_MAX + 1];	/* "" unless given */
	char next[NEXT_PATH_MAX + 1];	/* the walk file, "" unless given */
	struct variant variant;		/* bootbench.variant=: name "" unless given */
	struct clock_mode clock;	/* bootbench.clock=: the host's time unless given */
	char crash[16];			/* tests only: crash in this phase */
};

void params_defaults(struct params *p);
int params_parse(struct params *p, const char *cmdline, char *err, size_t errlen);
const char *after_name(enum after after);

/* Only bootbench.KEY of cmdline into p, as params_parse() takes it: its
 * first occurrence, a bad value leaving p as it was.  For PID 1, which
 * needs two keys and must not stop at an error elsewhere. */
void params_key(struct params *p, const char *cmdline, const char *key);

/* Read /proc/cmdline into *text (NULL if it cannot be read) and its
 * bootbench.* parameters into p.  0, or -1 after fail() with the reason
 * (the boot goes on to write the failed record). */
int cmdline_read(struct params *p, char **text);

#endif
