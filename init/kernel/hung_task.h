/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hung_task.h: the kernel's hung-task detector (CONFIG_DETECT_HUNG_TASK)
 * and its reports in the kernel log.
 *
 * The detector reports a task that has waited in uninterruptible sleep
 * without once being woken for kernel.hung_task_timeout_secs (Debian's
 * default: 120 s; it looks once per timeout, so a task is reported one to
 * two timeouts after it stopped):
 *
 *   INFO: task jbd2/vdb1-8:231 blocked for more than 120 seconds.
 *   INFO: task jbd2/vdb1-8:231 blocked in I/O wait for more than 120 seconds.
 *
 * (the second in newer kernels, 7.2's among them, when the task sleeps
 * waiting for I/O).  /dev/kmsg gives each line as a record
 * "PRIORITY,SEQUENCE,MICROSECONDS,FLAGS;TEXT" followed by lines of its
 * dictionary, each starting with a blank.  Paths are read below a root
 * directory ("" on the appliance) so that the tests can use a fake one.
 */
#ifndef BOOTBENCH_INIT_HUNG_TASK_H
#define BOOTBENCH_INIT_HUNG_TASK_H

#include <stddef.h>
#include <sys/types.h>

#define HUNG_TASK_SYSCTL "/proc/sys/kernel/hung_task_timeout_secs"
#define KMSG_RECORD_MAX 8192	/* what one read of /dev/kmsg returns at most */

struct hung_task_setting {
	long at_boot;		/* the kernel's value; -1: no detector */
	long during_run;	/* after hung_task_limit(); 0: the detector is off */
};

/* Lower root's HUNG_TASK_SYSCTL to limit seconds if it is longer; 0 (the
 * detector off) is left as it is.  Returns 0, or -1 with errno if the
 * file exists but could not be read or written (s then says what the
 * kernel has). */
int hung_task_limit(const char *root, long limit, struct hung_task_setting *s);

struct hung_report {
	char task[64];		/* its command name, as the kernel log escapes it */
	int pid;
	long seconds;		/* "for more than N seconds" */
};

/* The text of a /dev/kmsg record: past "6,339,5140900,-;", or all of it
 * if it has no such start. */
const char *kmsg_text(const char *record);

/* A kernel log record (as /dev/kmsg gives it, or its text alone): 1 and
 * *r if it is a hung-task report, else 0. */
int hung_report_parse(const char *record, struct hung_report *r);

/* path (/dev/kmsg) opened for non-blocking reads after its last record:
 * an fd, or -1 with errno. */
int kmsg_open_end(const char *path);

/* The next record of fd into buf (NUL-terminated): its length, 0 when no
 * record is there now, -1 with errno.  Records the kernel overwrote
 * before they were read (EPIPE) are skipped. */
ssize_t kmsg_next(int fd, char *buf, size_t size);

#endif
