/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * profile_read.h: the profiler's reading of what perf and the kernel give
 * (profiler.c): perf's version, /proc/kallsyms saved in the run
 * directory, the reason perf record failed, and, after it ended, its
 * summary, the build ids and the event of the perf.data it wrote.
 */
#ifndef BOOTBENCH_PROFILE_READ_H
#define BOOTBENCH_PROFILE_READ_H

#include <stdbool.h>
#include <stddef.h>

/* One case's profile, for its results line (profile_stop(), profiler.h). */
struct profile_result {
	bool taken;                /* a profile was recorded, or failed */
	char error[640];           /* why there is no profile; "" if there is */
	char file[192];            /* profiles/<id>.perf.data */
	char buildids[192];        /* profiles/<id>.buildids */
	char log[192];             /* logs/<id>.perf.txt */
	char event[32];            /* what perf.data says was sampled */
	int frequency;
	const char *call_graph;
	double seconds;            /* the measured window's length */
	long long samples;         /* as perf record counted them */
	long long bytes;           /* of the perf.data */
};

/* perf --version's number ("6.1.192") into buf.  0 or fail(). */
int perf_version(const char *perf, char *buf, size_t len);

/* /proc/kallsyms as run_dir/profiles/kallsyms (profiles/ made first).
 * 0 or fail(). */
int save_kallsyms(const char *run_dir);

/* Why perf failed, as its output in the log file log_path says
 * (perf_failure_line); "" if it says nothing. */
void perf_log_failure(const char *log_path, char *buf, size_t len);

/*
 * After perf record ended (why: NULL, or why it did not end well): the
 * samples its last line counts, the perf.data's size, its build ids into
 * out->buildids and the event it sampled, into out, with perf run as
 * HOME=home; out->error says why there is no profile when perf failed,
 * said nothing, or wrote a file that perf cannot read.  Touches no
 * failure of the run's (msg.h).
 */
void profile_read(const char *perf, const char *home, const char *run_dir,
		  struct profile_result *out, const char *why);

#endif
