/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * model_disk.h: the modeled disks, made in the guest's memory for a target (or
 * WAL device) that the command line names as model[:NAME[:MIB]]: a
 * null_blk device (blk-mq, memory-backed), made through configfs with
 * the parameters of model NAME of /etc/bootbench/models.conf: every
 * request completes on a guest timer latency_ns after it was queued,
 * writes go through a volatile cache of cache_mib that a FLUSH empties,
 * FUA writes bypass it, the bandwidth is mbps.  Nothing of the host takes
 * part in its I/O, so under instruction time (doc/clocks.md) its requests
 * take the same guest time in every boot.
 *
 * A model's times are the device's; under instruction time the guest's
 * CPU runs 2^N ns an instruction (shift N) where the machines such devices
 * sit in run MODEL_REAL_NS_PER_INSTRUCTION, so the init stretches every
 * latency by the same factor and divides the bandwidth by it (the time
 * scale): a commit then spends the share of its time waiting for the
 * device that it does on such a machine.  doc/models.md.
 */
#ifndef BOOTBENCH_INIT_MODEL_DISK_H
#define BOOTBENCH_INIT_MODEL_DISK_H

#include <stdbool.h>

#include "common/clockmode.h"
#include "init/disks/model_conf.h"
#include "init/kernel/devspec.h"

#define MODEL_CONFIGFS	"/sys/kernel/config"
#define MODEL_RESERVE_MIB 512	/* guest memory kept for the system and PostgreSQL */
/* A 3 GHz core retiring an instruction a cycle. */
#define MODEL_REAL_NS_PER_INSTRUCTION (1.0 / 3.0)

/* One modeled disk: what was asked, and once made, what it is. */
struct model_disk {
	bool wanted;			/* the spec names a model */
	bool made;
	struct model_profile profile;
	long long mib;			/* its size */
	double time_scale;		/* the latency's factor, the bandwidth's divisor */
	long long latency_ns;		/* the latency as made: the model's, scaled */
	long long mbps;			/* the bandwidth as made; 0: none */
	char name[32];			/* the kernel's name: nullb0 */
	char path[64];			/* /dev/nullb0 */
	char written[512];		/* the null_blk attributes set, KEY=VALUE ... */
	char lacking[256];		/* attributes of the model this null_blk lacks */
	char write_cache[32];		/* queue/write_cache as the kernel shows it */
	bool fua;			/* queue/fua */
};

/* Split a model spec's value "NAME[:MIB]" into name (MODEL_NAME_MAX) and
 * *mib (0: not given). */
void model_spec_split(const struct devspec *spec, char *name, long long *mib);

/* The time scale of a model disk under clock c: 2^shift ns over
 * MODEL_REAL_NS_PER_INSTRUCTION in instruction time, 1 in the host's. */
double model_time_scale(const struct clock_mode *c);

/* Make the disks of target and wal (those whose spec is a model), each of
 * default_mib unless its spec gives a size, on Linux release, scaled to
 * clock (model_time_scale()).  0 when none
 * is a model or all were made; else -1 after one fail() line saying why:
 * an unknown model, more than the guest's memory allows, a kernel without
 * null_blk, a configfs write refused. */
int model_make(const char *release, const struct clock_mode *clock,
	       const struct devspec *target_spec, const struct devspec *wal_spec,
	       long long default_mib, struct model_disk *target, struct model_disk *wal);

#endif
