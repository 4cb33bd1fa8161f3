/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * handover.h: what passes between PID 1 (pid1.c) and the boot program
 * (boot_main.c).
 *
 * The boot program keeps a small text file in tmpfs, HANDOVER_PATH, up
 * to date at every step: the phase it is in, the run id, the run
 * directory and the results partition.  One "key value" line each:
 *
 *   phase bench
 *   id 3f2a9c1b
 *   mount /mnt/results
 *   run runs/20250131T120000Z_6.12.48+deb13-cloud-amd64_3f2a9c1b
 *   results writable
 *   device /dev/vda1
 *   devname vda1
 *   hung
 *   end
 *
 * PID 1 reads it when the boot program did not end the run (it was
 * killed by a signal, left without saying how the machine should end,
 * or passed the deadline) to name the phase, and the boot program's
 * record-crash mode (crash_record.h) reads it to find the run.  end is
 * empty while the run goes on; once the end line is out it says what
 * comes next: poweroff, reboot, kexec or shell (a shell has no deadline).
 * hung names the disks whose I/O was lost (hang.h: "vdb", or "a disk"
 * when none had requests in flight), empty if none was: PID 1 then
 * powers off without a sync, which would wait for them for ever.
 *
 * The boot program's exit status tells PID 1 how to end the machine:
 * BOOT_EXIT_POWEROFF, _REBOOT or _KEXEC once the run has ended,
 * BOOT_EXIT_RECORDED from the record-crash mode.  Any other end is a
 * crash.
 */
#ifndef BOOTBENCH_INIT_HANDOVER_H
#define BOOTBENCH_INIT_HANDOVER_H

#include <limits.h>
#include <stddef.h>

#define BOOT_PROGRAM		"/sbin/bootbench-boot"
#define BOOT_RECORD_CRASH	"record-crash"	/* argv[1]; argv[2] the reason */
#define HANDOVER_PATH		"/run/bootbench/handover"

enum boot_exit {
	BOOT_EXIT_POWEROFF = 80,
	BOOT_EXIT_REBOOT,
	BOOT_EXIT_KEXEC,
	BOOT_EXIT_RECORDED,
};

struct handover {
	char phase[32];
	char id[64];
	char mount[64];
	char run[PATH_MAX];	/* runs/<name>, relative to mount */
	char results[32];	/* results_state_name(), or "console" */
	char device[64];	/* the results partition's node */
	char devname[32];	/* and its kernel name */
	char hung[64];		/* the disks whose I/O was lost, or "" */
	char end[16];		/* "" while the run goes on */
};

/* The file's text; -1 if it does not fit in size. */
int handover_format(const struct handover *h, char *buf, size_t size);

/* Take the text of the file (unknown keys and long values are left
 * out: a field too long for its buffer is empty). */
void handover_parse(const char *text, struct handover *h);

/* Write path crash-safely (its directory is made); -1 with errno. */
int handover_save(const char *path, const struct handover *h);

/* Read path into h; -1 with errno (h is then all empty). */
int handover_load(const char *path, struct handover *h);

#endif
