/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rawio.h: what the rawio workload lends to seqscan: a cold cache, the
 * timed write, cold read and removal of a file on the target, and the
 * case names made of parameter values (rawio_spec.c).
 */
#ifndef BOOTBENCH_RAWIO_H
#define BOOTBENCH_RAWIO_H

#include <stdbool.h>

#include "bench/workloads/rawio/rawio_io.h"
#include "bench/workloads/workload.h"

/*
 * Nothing of the target's files left in memory: remount the target (the
 * server must not be running) and drop the page cache.  In host mode only
 * the cache is dropped, and if that is not permitted m gets the warning
 * "warm-cache".  0 or fail().
 */
int rawio_cold(struct workload_env *e, struct measurement_out *m);

struct rawio_times {
	double write_s;            /* writes and, if asked, fdatasync */
	double read_s;             /* reads from a cold cache */
	struct rawio_span write, read;   /* the same, with the CPU time of each */
};

/*
 * Write size bytes to e->data_dir/bootbench-rawio.dat in blocks of block
 * bytes (fdatasync at the end if sync_end), make the cache cold, read the
 * file back, remove it.  A line per step goes to the file descriptor log.
 * 0 or fail().
 */
int rawio_cycle(struct workload_env *e, struct measurement_out *m,
		const char *what, long long size, long long block,
		bool sync_end, int log, struct rawio_times *t);

#endif
