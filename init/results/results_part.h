/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * results_part.h: the results partition (ext4, label bootbench-res).  It is
 * checked (results_fsck.h) and mounted, never formatted unless it is blank
 * and bootbench.results-init=1 was given.  Each boot gets runs/<time>_<release>_<id>/ with run.json
 * (see doc/results-format.md), logs/ and what the suite runner writes.
 */
#ifndef BOOTBENCH_INIT_RESULTS_PART_H
#define BOOTBENCH_INIT_RESULTS_PART_H

struct boot;

#define RESULTS_MKFS_FEATURES \
	"none,has_journal,ext_attr,resize_inode,dir_index,filetype,extent," \
	"flex_bg,sparse_super,large_file,huge_file,dir_nlink,extra_isize,64bit,metadata_csum"
/* ext4's defaults, written out so that the record says them: data
 * written before the metadata that names it is committed (data=ordered),
 * each commit ordered on the disk by a cache flush and FUA (barrier=1),
 * and at the first error the kernel finds, no more writes
 * (errors=remount-ro: the finish then says the partition is read-only). */
#define RESULTS_MOUNT_FLAGS (MS_NOATIME | MS_NODEV | MS_NOSUID)
#define RESULTS_MOUNT_DATA "data=ordered,barrier=1,errors=remount-ro"
#define RESULTS_MOUNT_OPTIONS "noatime,nodev,nosuid," RESULTS_MOUNT_DATA

/* Step: mount it, create the run directory, write run.json "running",
 * and keep the console log in the run's logs/console.log. */
int results_open(struct boot *b);

/* Whether the results partition still takes writes in dir (under its
 * mount): 0 if it does, or if there is none (bootbench.results=console).
 * Otherwise -1, after saying what is wrong, and
 * then also (if not NULL), in one fail() line: the run's reason unless one
 * was given before.  Said once a boot: a trouble found before stays in
 * b->results_health unless another is found now. */
int results_still_writable(struct boot *b, const char *dir, const char *also);

/* What run.json says of the results, target and WAL devices found (read
 * when the run directory opens, and again once model disks are made). */
void results_disk_facts(struct boot *b);

/* The kernel's log into run_dir/logs/dmesg.txt. */
void results_save_dmesg(const char *run_dir);

/* Step: stop leftover processes, save dmesg, take in bench.json, write
 * the final run.json ("done", or "failed" with the first failure). */
void results_finish(struct boot *b);

#endif
