/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hang.h: a kernel that lost an I/O, found while the suite runs.
 *
 * Two signs tell it.  The kernel's hung-task detector reports a task
 * blocked in uninterruptible sleep (kernel/hung_task.h): the boot lowers
 * its timeout to HANG_TIMEOUT s, and the boot program reads the kernel
 * log every HANG_TICK s while the suite runs.  Or a program of the run
 * stays in uninterruptible sleep (state D) past its own deadline: the
 * suite runner says so by its exit status (STUCK_EXIT), or the runner
 * itself does not end after SIGKILL at the run's deadline.
 *
 * Either way the evidence is taken at once -- every task in state D with
 * its kernel stack, every disk's requests in flight -- and the run ends:
 * the runner is stopped, the record written, the end line printed, and
 * the machine powered off without touching the stuck disk again (no
 * unmount, no sync but the results partition's: an unmount or a sync of
 * a disk whose I/O is lost waits for ever).
 */
#ifndef BOOTBENCH_INIT_HANG_H
#define BOOTBENCH_INIT_HANG_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "init/disks/inflight.h"
#include "init/kernel/hung_task.h"

/* kernel.hung_task_timeout_secs during the run: a lost I/O is reported
 * 60 to 120 s after it, and no I/O of a suite leaves a task waiting
 * 60 s without a wake-up. */
#define HANG_TIMEOUT	60
#define HANG_TICK	5.0	/* s between two reads of the kernel log */

#define HANG_REPORTS_MAX 8
#define HANG_TASKS_MAX	24
#define HANG_STACK_MAX	1536
#define HANG_DISKS_MAX	32

struct hang_task {
	int pid;
	char name[64];
	bool have_stack;		/* /proc/PID/stack could be read */
	char stack[HANG_STACK_MAX];	/* one function a line, innermost first */
};

struct hang {
	const char *root;		/* below which /proc and /sys are read:
					   NULL on the appliance, a fake tree
					   in tests */
	struct hung_task_setting detector;
	int kmsg_fd;			/* /dev/kmsg while watching, else -1 */
	volatile sig_atomic_t seen;	/* found: the runner is ended */

	bool found;
	const char *by;			/* "kernel" or "deadline" */
	double at_s;			/* clock_now() when found */
	char said[512];			/* the line that told it */
	struct hung_report reports[HANG_REPORTS_MAX];	/* the kernel's */
	size_t n_reports;
	struct hang_task tasks[HANG_TASKS_MAX];	/* in state D, by pid */
	size_t n_tasks, tasks_left_out;
	struct inflight disks[HANG_DISKS_MAX];	/* every disk, by name */
	size_t n_disks;
};

/* At boot: the detector's timeout lowered to HANG_TIMEOUT, said on the
 * console. */
void hang_setup(struct hang *h);

/* While the suite runs: watch the kernel log from now on. */
void hang_watch_begin(struct hang *h);

/* Read what the kernel logged since; at a hung-task report, hang_found()
 * with every report there.  True once a hang is found. */
bool hang_watch_poll(struct hang *h);

void hang_watch_end(struct hang *h);

/* A hang, found by "kernel" or "deadline"; said is the line that told
 * it.  The evidence is taken now and said on the console.  A second call
 * changes nothing. */
void hang_found(struct hang *h, const char *by, const char *said);

/* The run's reason: the hung tasks and the requests in flight. */
const char *hang_reason(const struct hang *h, char *buf, size_t size);

/* The disks with requests in flight, blank-separated ("vdb"); "" if none. */
const char *hang_disks(const struct hang *h, char *buf, size_t size);

#endif
