/* SPDX-License-Identifier: GPL-2.0-only */
/* bench_options.h: the command line of bootbench-bench. */
#ifndef BOOTBENCH_BENCH_OPTIONS_H
#define BOOTBENCH_BENCH_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

enum command {
	CMD_HELP,               /* bootbench-bench --help: the usage of all */
	CMD_DESCRIBE,
	CMD_RUN,
	CMD_KEYS,
	CMD_FILESYSTEMS,
	CMD_CLUSTER_MANIFEST,   /* the entries of a cluster template's manifest */
	CMD_CLUSTER_CHECK,      /* a cluster template against its manifest */
	CMD_CLUSTER_PACK,       /* a cluster template packed as the image stores it */
	CMD_VERSION,            /* --version */
};

struct bench_options {
	enum command command;
	bool help;                 /* COMMAND --help: print that command's usage */
	const char *suite;
	const char *suite_file;
	const char *target;
	const char *wal;
	const char *run_dir;
	const char *mountpoint;
	const char *wal_mountpoint;
	const char *data_dir;      /* host mode: a directory instead of --target */
	const char *pg_bindir;     /* PostgreSQL's programs */
	const char *suites_dir;    /* where suites/NAME.ini override built-ins */
	bool no_monitors;          /* run: no per-second sampling (monitor.h) */
	const char *perf;          /* run: the perf program; NULL: perf in PATH */
	int icount_shift;          /* run: BOOTBENCH_CLOCK=instructions:N's N; -1: host */
	const char *template;      /* cluster-*: the template's directory; NULL: the image's */
	const char *manifest;      /* cluster-check, -pack: its manifest; NULL: the image's */
	const char *base;          /* cluster-pack: the packed template to link to; NULL: none */
};

/*
 * Parse argv into o.  Returns 0, or -1 with one line in err (no program
 * name, no newline) saying what is wrong; o->command is then the command
 * given before the error (CMD_HELP if none), for the hint to print.
 */
int bench_options_parse(int argc, char **argv, struct bench_options *o,
			char *err, size_t errlen);

/*
 * The clock the run is measured in, from the environment variable
 * BOOTBENCH_CLOCK (value; NULL when it is not set): host (or not set),
 * -1 in *shift; instructions:N (QEMU's -icount shift=N, N 0 to 10), N.
 * Returns 0, or -1 with one line in err.
 */
int bench_options_clock(const char *value, int *shift, char *err, size_t errlen);

/* The usage text of bootbench-bench --help. */
extern const char bench_options_usage[];

/* The usage text of COMMAND --help (bench_options_usage for CMD_HELP). */
const char *bench_options_help(enum command c);

/* "run", "describe", "keys", "filesystems", "cluster-manifest",
 * "cluster-check", "cluster-pack"; NULL for CMD_HELP and CMD_VERSION. */
const char *bench_options_command_name(enum command c);

#endif
