/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * monitor.h: what the machine does during a measurement, second by
 * second (doc/monitors.md).
 *
 * monitor_start() opens the files (monitor_source.h), takes the first
 * sample, writes the header of series/<id>.sys.csv and forks the sampler:
 * a process that wakes at each whole second after that first sample
 * (sigtimedwait() up to an absolute deadline: the rows do not drift, and
 * the stop signal ends the wait at once), reads the files again with pread() and appends one row
 * (monitor_row.h).  The workload runs in the runner meanwhile, untouched:
 * in-process, or as children the runner waits for.  monitor_stop() ends
 * the sampler (SIGTERM; it writes the part of a second since its last row
 * when that is half a second or more, or when it has no row yet) and
 * summarises the file (monitor_summary.h), with the sampler's own CPU time.
 */
#ifndef BOOTBENCH_MONITOR_H
#define BOOTBENCH_MONITOR_H

#include <limits.h>
#include <sys/types.h>

#include "bench/monitor/monitor_source.h"
#include "bench/monitor/monitor_summary.h"

struct monitor {
	pid_t pid;                     /* the sampler; 0: none */
	int csv_fd;
	char path[PATH_MAX + 256];     /* <run dir>/series/<id>.sys.csv */
	struct monitor_summary summary;
};

/*
 * Start sampling for the case id into run_dir/series/<id>.sys.csv.
 * devices[]: the kernel names of the target and the WAL device (NULL:
 * none).  Returns 0, or -1 after a warning: the measurement then goes on
 * without (a monitor is never a reason for a case to fail).
 */
int monitor_start(struct monitor *m, const char *run_dir, const char *id,
		  const struct monitor_paths *paths,
		  const char *const devices[MONITOR_DEVICES], monitor_warned *warned);

/* Stop the sampler, fsync the file and summarise it into m->summary.
 * Returns 0, or -1 after a warning (then there is no summary). */
int monitor_stop(struct monitor *m);

#endif
