/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * run_state.h: the state of the engine during `bootbench-bench run`,
 * shared by run.c (the cases), env.c (making and tearing down an
 * environment) and warnings.c, and its timed steps (run_state.c).
 */
#ifndef BOOTBENCH_RUN_STATE_H
#define BOOTBENCH_RUN_STATE_H

#include <limits.h>

#include "bench/bench_options.h"
#include "bench/knobs/knobs.h"
#include "bench/monitor/monitor_source.h"
#include "bench/os/cgroup.h"
#include "bench/pg/pg.h"
#include "bench/run/benchjson.h"
#include "bench/run/cluster_source.h"
#include "bench/run/estimate.h"
#include "bench/run/profiler.h"
#include "bench/suite/suite.h"
#include "bench/target/volume.h"
#include "bench/workloads/io_figures.h"
#include "bench/workloads/workload.h"

#define RUN_MAX_REPEATS 100

struct run {
	const struct suite *s;
	const struct bench_options *o;
	char dir[PATH_MAX];
	char run_id[NAME_MAX + 1];
	int env;                       /* the environment in place; -1: none */
	struct fs_config fs;           /* its [filesystem] values */
	struct volume volumes[2];      /* the target, then the WAL device */
	size_t n_volumes;              /* 0 in host mode */
	char mkfs_command[1024];       /* the target's, words joined by spaces */
	char env_dir[PATH_MAX];        /* host mode: the environment's directory */
	struct pg_server pg;
	struct workload_env wenv;
	struct record rec;
	int results_fd;
	char results_path[PATH_MAX + 32];
	int checkpoint_timeout_s;      /* of the server in place */
	long long pg_log_mark;         /* the server log's size when the case began */
	char group[128];               /* the primary figures of a case's repeats */
	double group_values[RUN_MAX_REPEATS];
	size_t group_n;
	monitor_warned monitor_warned; /* monitor sources warned about this run */
	struct estimate_costs costs;   /* the estimate's, as measured so far */
	double started_s;              /* clock_now() as the estimate was made */
	double prepare_s;              /* the last case's prepare() */
	struct knobs knobs;            /* [sysctl] and [machine] on this machine */
	struct profiler profiler;      /* [suite] profile (profiler.h) */
	struct cgroups cgroups;        /* the server's and the client's (cgroup.h) */
	struct io_devices io;          /* the devices whose I/O is counted (io_figures.h) */
	bool io_warned;                /* one of them could not be: said once */
	struct cluster_source cluster; /* a fresh data directory's source ([suite] cluster) */
};

/*
 * Format and mount the devices, set up and start PostgreSQL, run every
 * case of the suite, stop, unmount; write the run directory as it goes.
 * Returns the exit status: 0, 1 (failed) or 143 (stopped by a signal).
 */
/* Run one step: time it, note it in bench.json.  0 or -1. */
int run_phase(struct run *r, const char *name, int (*step)(struct run *));

#endif
