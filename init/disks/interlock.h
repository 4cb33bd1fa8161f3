/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * interlock.h: the wrong-disk interlock.  The init formats nothing but
 * the device named as target (and as WAL), and only if every rule below
 * passes.  The rules are a pure function of the facts, so each can be
 * tested alone.
 */
#ifndef BOOTBENCH_INTERLOCK_H
#define BOOTBENCH_INTERLOCK_H

#include <stdbool.h>
#include <stddef.h>

#include "init/disks/blockdev.h"

#define MARK_PREFIX "bootbench-"

struct interlock_facts {
	const char *role;			/* "target" or "wal" */
	const struct blockdev *dev;		/* the device to format */
	const struct blockdev *results;		/* the results partition */
	const struct blockdev *other;		/* for the WAL: the target */
	unsigned long long min_bytes;		/* the suite's minimum size */
	bool allow_unmarked;			/* the suite allows unmarked devices */
	bool model;				/* a model disk this boot made in its
						   memory (model_disk.h): it needs no mark */
};

/* 0 if dev may be formatted; else -1 with why naming the device and the
 * rule that refuses it. */
int interlock_verdict(const struct interlock_facts *f, char *why, size_t size);

/* What the boot found and what its suite asks of the devices. */
struct interlock_devices {
	const struct blockdev *target;
	const struct blockdev *wal;		/* NULL: none */
	const struct blockdev *results;		/* the results partition */
	bool target_model, wal_model;		/* a model disk this boot made */
	const char *suite;			/* the suite's name, for messages */
	unsigned long long min_bytes;		/* the suite's minimum target size */
	bool allow_unmarked;			/* the suite allows unmarked devices */
	bool needs_wal;				/* the suite needs a WAL device */
};

/* Step: check the target (and WAL) of the boot; fail() on a refusal. */
int interlock_check(const struct interlock_devices *d);

#endif
