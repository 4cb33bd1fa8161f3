/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * io_figures.h: the block I/O of a measurement's stretch, per unit of its
 * work, as metrics of the measurement: the same stretch and the same unit
 * as its CPU time (cpu_figures.h).
 *
 * The block layer's counters of the target and of the WAL device (when
 * the suite has one: blockstat.h) are read where the CPU counters are, at
 * the two edges of the stretch a workload counts the units of.  The
 * metrics, for a unit U and a device's prefix P (io_ for the target,
 * wal_io_ for the WAL device):
 *
 *   P reads_per_U, P writes_per_U          requests the device completed
 *   P read_kib_per_U, P write_kib_per_U    the KiB they moved
 *   P flushes_per_U                        cache flushes sent to its disk
 *
 * Everything the device did in the stretch counts, whoever asked for it:
 * the server, the client, the kernel's writeback and journal threads.
 * Flushes are read from the device's whole disk, where the kernel counts
 * them (blockstat.h): another partition of that disk in use adds its own.
 * A disk whose write cache is "write through" is sent none, and one that
 * takes FUA writes (queue/fua) is sent fewer.  The fact objects "io" and
 * "wal_io" say what was counted: the device, the disk its flushes are
 * read from, that disk's write cache and FUA, the unit, the units and the
 * counters' changes.  Without the counters (host mode, a stat file
 * that cannot be read, a stretch not measured) the device has none of
 * these and the warning no-io-counts says why; a kernel that counts no
 * flushes (before Linux 5.5) gives all but the flushes, and says so.
 */
#ifndef BOOTBENCH_IO_FIGURES_H
#define BOOTBENCH_IO_FIGURES_H

#include <stdbool.h>
#include <stddef.h>

#include "bench/os/blockstat.h"
#include "bench/workloads/cpu_figures.h"
#include "bench/workloads/workload.h"

#define IO_SYSFS_BLOCK "/sys/class/block"

/* The devices, in the order of their prefixes. */
enum io_role { IO_TARGET, IO_WAL, IO_ROLES };

/* A device whose I/O is counted, set up with each environment. */
struct io_device {
	char name[64];             /* "vdb1"; "": none in this role */
	char disk[64];             /* its whole disk, "vdb": where flushes are counted */
	char write_cache[16];      /* the disk's queue/write_cache; "": not known */
	int fua;                   /* its queue/fua: 1 writes can bypass the cache
				    * without a flush; -1: not known */
	char stat[128], disk_stat[128];   /* their stat files */
	char why[192];             /* why it cannot be counted; "" */
};

struct io_devices {
	struct io_device dev[IO_ROLES];
};

/* One device's counters at an instant. */
struct io_count {
	struct blockstat dev;      /* the device's own */
	struct blockstat disk;     /* its disk's: the flushes */
	const char *failed;        /* the stat file that could not be read; NULL */
	int err;                   /* its errno */
};

struct io_reading {
	struct io_count c[IO_ROLES];
};

/* What a stretch (or several) did on each device. */
struct io_work {
	const struct cpu_unit *unit;
	double units;              /* how many in the stretch */
	bool added;                /* a stretch was added */
	struct blockstat d[IO_ROLES];   /* the device's changes; flushes its disk's */
	const char *failed[IO_ROLES];   /* a reading lacked this file */
	int err[IO_ROLES];
};

/*
 * Set up d for the target and the WAL device, by their kernel names
 * ("vdb1"; NULL: no such device, host mode for the target), under
 * sysfs_block (IO_SYSFS_BLOCK): their disks, stat files and write caches.
 * A device that cannot be counted gets its reason in why, which
 * io_devices_set() also returns for the target (NULL: it can be).
 */
const char *io_devices_set(struct io_devices *d, const char *sysfs_block,
			   const char *target, const char *wal);

/* Read the counters of d's devices (d NULL: none). */
void io_read(const struct io_devices *d, struct io_reading *r);

/* Add the stretch a -> b to w (a device a reading lacks is not counted). */
void io_work_add(struct io_work *w, const struct io_reading *a, const struct io_reading *b);

/* The metrics and the fact objects of w in m, for the devices of e->io;
 * or for a device that cannot be counted, the warning no-io-counts. */
void io_figures_set(const struct workload_env *e, struct measurement_out *m,
		    const struct io_work *w);

/* The warning no-io-counts: no I/O figures per unit, and why. */
void io_figures_none(struct measurement_out *m, const struct cpu_unit *unit,
		     const char *why);

#endif
