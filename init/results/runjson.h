/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * runjson.h: run.json, the record of one boot (doc/results-format.md,
 * doc/run.schema.json).  Pure: run_record_write() prints a view of the
 * boot's state; results_part.c saves it.
 */
#ifndef BOOTBENCH_INIT_RUNJSON_H
#define BOOTBENCH_INIT_RUNJSON_H

#include <stdbool.h>
#include <stdio.h>

#include "init/disks/disk_facts.h"
#include "init/disks/model_disk.h"
#include "init/hang.h"
#include "init/kernel/cmdline.h"
#include "init/kernel/kfacts.h"
#include "init/kernel/sysinfo.h"
#include "init/phase.h"
#include "init/results/results_fsck.h"
#include "init/results/results_state.h"
#include "init/suite_info.h"

#define RECORD_FORMAT "bootbench-run"
#define RECORD_VERSION 1

struct run_record {
	const char *status;		/* "running", "done" or "failed" */
	const char *reason;		/* why it failed, else NULL */
	const char *failed_phase;
	const char *id;
	const char *directory;		/* runs/<leaf> */
	const char *started_utc;
	const char *finished_utc;	/* NULL while running */
	const struct machine *machine;
	const struct kernel_facts *kernel;	/* NULL: unknown */
	const char *image;		/* image.json text (valid JSON) or NULL */
	const char *cmdline;
	const struct params *params;
	const struct disk_facts *results, *target, *wal;	/* NULL: unknown */
	const struct model_disk *model_target, *model_wal;	/* NULL: not a model */
	const char *results_mount_options;
	bool results_formatted;		/* formatted by this boot */
	const struct results_fsck *results_fsck;	/* NULL: not checked */
	const struct results_health *results_health;	/* NULL: not checked yet */
	const struct suite_info *suite;	/* NULL: not described */
	const struct phase *phases;
	size_t n_phases;
	const struct hang *hang;	/* the watch for a lost I/O; NULL: unknown */
	const char *bench;		/* bench.json text (valid JSON) or NULL */
};

void run_record_write(FILE *out, const struct run_record *r);

#endif
