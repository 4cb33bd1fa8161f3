/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tasks.h: the processes and kernel threads of the machine in one state
 * (/proc/PID/stat, common/procstat.h), and a task's kernel stack
 * (/proc/PID/stack, with CONFIG_STACKTRACE, for root):
 *
 *   [<0>] jbd2_log_wait_commit+0xb5/0x110
 *   [<0>] ext4_sync_file+0x1a4/0x380
 *
 * Paths are read below a root directory ("" on the appliance) so that
 * the tests can use a fake one.
 */
#ifndef BOOTBENCH_INIT_TASKS_H
#define BOOTBENCH_INIT_TASKS_H

#include <stddef.h>

#include "common/procstat.h"

typedef void tasks_fn(void *ctx, const struct procstat *task);

/* fn(ctx, task) for each task of root/proc in state (a letter of
 * /proc/PID/stat: 'D'), by increasing pid.  Returns how many there
 * were, or -1 with errno if root/proc cannot be read. */
int tasks_in_state(const char *root, char state, tasks_fn *fn, void *ctx);

/* The kernel stack of pid: one function a line ("jbd2_log_wait_commit+
 * 0xb5/0x110"), innermost first, into buf (cut at a line that does not
 * fit).  Returns 0, or -1 with errno if it cannot be read. */
int task_stack(const char *root, int pid, char *buf, size_t size);

#endif
