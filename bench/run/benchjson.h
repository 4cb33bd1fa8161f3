/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * benchjson.h: bench.json, the record of one run of a suite
 * (doc/results-jsonl.md).
 *
 * It is rewritten (atomically, fsync'd) after every phase, so whoever
 * reads it -- the init, or a person after a crash -- sees how far the run
 * got, and with status "done" or "failed" once it is over.
 */
#ifndef BOOTBENCH_BENCHJSON_H
#define BOOTBENCH_BENCHJSON_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "bench/suite/suite.h"
#include "bench/target/volume.h"

#define BENCH_FORMAT_VERSION 2
#define RECORD_MAX_PHASES 1024
#define RECORD_MAX_ARGS 24

struct record_volume {
	const char *role;              /* "target", "wal"; NULL: unused */
	const char *device;
	const char *mountpoint;
	const char *const *mkfs_argv;  /* NULL-terminated */
	const char *mkfs_version;      /* "" until formatted */
	const char *mounted_type;      /* what /proc/self/mounts showed; "" until mounted */
	bool formatted;
};

struct record_phase {
	char name[96];
	double seconds;
	bool ok;
};

/* A case that failed; the suite went on without it. */
struct record_failure {
	char case_id[160];
	int environment;
	char reason[1024];
};

#define RECORD_MAX_FAILURES 256

struct record_setting {
	char *name;
	char *setting;
	char *unit;                    /* may be NULL */
	char *source;
};

struct record {
	char path[PATH_MAX + 32];
	const char *run_id;
	const char *status;            /* running, done, failed */
	const char *reason;            /* why it failed; NULL while running or done */
	const struct suite *suite;
	char started_utc[32];
	char finished_utc[32];
	bool host_mode;                /* no devices: a directory on the host */
	int environments;              /* fresh mkfs + initdb so far */
	long long memory_bytes;        /* MemTotal */
	char governor[32];             /* cpu0's scaling governor; "" unknown */
	const struct fs_config *fs;    /* of the current environment */
	struct record_volume volumes[2];
	char *pg_version;
	int pg_version_num;
	struct record_setting *settings;
	size_t n_settings;
	struct record_phase phases[RECORD_MAX_PHASES];
	size_t n_phases;
	int measurements;
	struct record_failure failures[RECORD_MAX_FAILURES];
	size_t n_failures;             /* recorded (at most RECORD_MAX_FAILURES) */
	int cases_failed;              /* all of them */
	double estimated_s;            /* the suite's estimated time (estimate.h) */
	double actual_s;               /* the time it took; -1 while running */
	const struct knobs *knobs;     /* [sysctl], [machine]; NULL: the suite has none */
	const struct profiler *profiler;  /* the suite's profiles (profiler.h) */
	const struct cluster_source *cluster;  /* where data directories come from;
					       NULL until it is chosen */
};

/* Write r as bench.json to out (pretty-printed). */
void record_write_json(FILE *out, const struct record *r);

/* Replace r->path with r's current state.  Returns 0 or fail(). */
int record_save(const struct record *r);

/* Note a finished phase. */
void record_phase(struct record *r, const char *name, double seconds, bool ok);

/* Note a case that failed, and why. */
void record_failure(struct record *r, const char *case_id, int environment,
		    const char *reason);

void record_free(struct record *r);

struct json;                   /* common/json.h */
struct knobs;                  /* bench/knobs/knobs.h */

/* bench.json's "knobs": what [sysctl] and [machine] found and set, or
 * null (benchjson_knobs.c). */
void record_write_knobs(struct json *j, const struct knobs *k);

struct pg_server;              /* bench/pg/pg.h */
struct cluster_source;         /* bench/run/cluster_source.h */
struct profiler;               /* bench/run/profiler.h */

/* Record the running server's version and settings in r (asked of it
 * with libpq: benchjson_pg.c).  0 or fail(). */
int record_server(struct record *r, const struct pg_server *pg);

/* The value of setting name as record_server() recorded it, or NULL. */
const char *record_setting_value(const struct record *r, const char *name);

#endif
