/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * profiler.h: a CPU profile of each measured window ([suite] profile = cpu,
 * doc/profiles.md).
 *
 * For each case the engine starts perf record before the case's between
 * actions: every CPU, the suite's event, frequency and call graphs, its
 * events disabled (-D -1) and driven through two FIFOs (--control), and
 * waits until perf answers.  The measured window's edges (workload.h)
 * enable and disable the events; after measure() perf is told to stop,
 * and its build ids (perf buildid-list) and the event it sampled (perf
 * evlist) are read from what it wrote.  In the run directory:
 *
 *     profiles/<case id>.perf.data   what perf record wrote
 *     profiles/<case id>.buildids    perf buildid-list of it
 *     profiles/kallsyms              /proc/kallsyms, once per run
 *     logs/<case id>.perf.txt        perf record's own output
 *
 * A perf that does not start fails the case, with perf's reason, and the
 * suite goes on; a profile that fails after the measurement (perf's end,
 * a file it could not write) leaves the case's figures standing, with
 * the reason in its results line.
 */
#ifndef BOOTBENCH_PROFILER_H
#define BOOTBENCH_PROFILER_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "bench/run/profile_read.h"
#include "bench/suite/suite.h"
#include "bench/workloads/workload.h"

/* What the suite asks for. */
struct profile_settings {
	bool on;                   /* profile = cpu */
	char event[16];            /* profile_event: auto, cpu-clock */
	int frequency;             /* profile_frequency, Hz per CPU */
	char call_graph[8];        /* profile_call_graph: fp, dwarf, none */
};

struct profiler {
	struct profile_settings set;
	char perf[PATH_MAX];       /* the perf program */
	char version[64];          /* "6.1.192" */
	const char *run_dir;
	char case_id[160];
	char tmp[64];              /* the control FIFOs and perf's HOME */
	int ctl, ack;              /* our ends of them; -1: closed */
	pid_t pid;                 /* perf record; 0: none */
	double opened_at;          /* when the window last opened */
	double seconds;            /* how long it was open */
	struct measure_window window;
	bool kallsyms_saved;
	int profiled;              /* cases with a profile */
	int failed;                /* cases whose profile failed */
};

/* The suite's [suite] profile keys. */
void profile_settings_read(const struct suite *s, struct profile_settings *out);

/*
 * The perf program: perf_option (bootbench-bench run --perf), a path or a
 * name looked up in PATH, or else "perf" in PATH.  0 with its path in buf,
 * or -1 with one line in err saying it is not there and how to get it.
 */
int profile_find_perf(const char *perf_option, char *buf, size_t len,
		      char *err, size_t errlen);

/* Read the suite's settings; if it asks for profiles, find perf and ask
 * its version.  0 or fail(). */
int profile_setup(struct profiler *p, const struct suite *s,
		  const char *perf_option, const char *run_dir);

/* Start perf record for case_id, its events off, and wait until it
 * answers.  0 or fail() (the case fails; nothing else was touched). */
int profile_start(struct profiler *p, const char *case_id);

/* The window's listener for the workload (workload.h). */
struct measure_window *profile_window(struct profiler *p);

/* Stop perf record and read what it wrote into out (an error there when
 * the profile failed).  Console lines say what happened. */
void profile_stop(struct profiler *p, struct profile_result *out);

/* After a failure or a stop signal: end perf if it runs, remove the
 * FIFOs. */
void profile_clean_up(struct profiler *p);

#endif
