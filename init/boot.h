/* SPDX-License-Identifier: GPL-2.0-only */
/* boot.h: the state of one boot, handed from step to step by main(). */
#ifndef BOOTBENCH_BOOT_H
#define BOOTBENCH_BOOT_H

#include <limits.h>
#include <stdbool.h>

#include "init/disks/blockdev.h"
#include "init/disks/disk_facts.h"
#include "init/disks/model_disk.h"
#include "init/hang.h"
#include "init/kernel/cmdline.h"
#include "init/kernel/kfacts.h"
#include "init/kernel/sysinfo.h"
#include "init/results/results_fsck.h"
#include "init/results/results_state.h"
#include "init/suite_info.h"
#include "init/walk/walk_file.h"

#define BENCH_PROGRAM	"/usr/bin/bootbench-bench"
#define MKFS_EXT4	"/sbin/mkfs.ext4"
#define SHELL_PROGRAM	"/bin/sh"
#define RESULTS_MOUNT	"/mnt/results"
#define TARGET_MOUNT	"/mnt/target"
#define RESULTS_FS_LABEL "bootbench-res"

/* Deadlines, in seconds. */
#define DESCRIBE_TIMEOUT 30	/* bootbench-bench describe */
#define MKFS_TIMEOUT	120	/* formatting a blank results partition */
#define FINISH_RESERVE	30	/* kept from bootbench.timeout for the finish */

struct boot {
	double deadline;		/* clock_now() when the run must end */
	char *cmdline;			/* /proc/cmdline */
	struct params params;
	bool params_ok;
	struct machine machine;
	struct kernel_facts kernel;	/* config, mitigations, THP, ... */
	char *image;			/* /etc/bootbench/image.json, or NULL */

	struct blockdevs devs;		/* the last scan */
	const struct blockdev *results, *target, *wal;	/* in devs */
	struct disk_facts results_facts, target_facts, wal_facts;
	struct model_disk model_target, model_wal;	/* made for a model spec */
	bool have_disk_facts;

	bool results_mounted;
	bool results_formatted;
	struct results_fsck results_fsck;	/* before the mount */
	struct results_health results_health;	/* checked at the finish */
	bool results_trouble_said;	/* the reason names it already */
	bool record_saved;		/* the final run.json is on the disk */
	const char *results_mount_options;
	char run_rel[PATH_MAX];		/* runs/<name> */
	char run_dir[PATH_MAX];		/* /mnt/results/runs/<name> */
	char started_utc[32];

	struct suite_info suite;
	bool have_suite;
	bool bench_started;
	struct hang hang;		/* a lost I/O, watched while the suite runs */

	struct walk walk;		/* bootbench.next= (walk.h) */
	bool walk_active;
	bool kexec_loaded;		/* power_off() jumps into the next kernel */
	char kexec_name[WALK_NAME_MAX + 1];
};

#endif
