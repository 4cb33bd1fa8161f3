/*
 * suite.h: what a suite asks for, and the cases it expands to.
 *
 * A suite is an INI file (bench/suites/quick.ini is the model): the
 * filesystem to make on the target, the PostgreSQL settings and the
 * workload parameters.  A list value (clients = 1,2) multiplies the cases.
 * suite_lookup() is the one place that decides where a suite comes from.
 */
#ifndef BOOTBENCH_SUITE_H
#define BOOTBENCH_SUITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define SUITE_MAX_LIST     16
#define SUITE_MAX_SETTINGS 64
#define SUITE_NAME_MAX     64

struct suite_fs {
	const char *type;          /* "ext4" */
	const char *features;      /* complete mkfs -O list */
	int block_size;            /* 0: mkfs chooses */
	int inode_size;            /* 0: mkfs chooses */
	int inode_ratio;           /* 0: mkfs chooses */
	bool discard;              /* let mkfs discard the device first */
	const char *mount_options; /* "noatime" */
};

/* A list value: the suite has one case per value. */
struct suite_list {
	int values[SUITE_MAX_LIST];
	size_t n;
};

struct suite_setting {
	const char *name;
	const char *value;
};

struct suite_pgbench {
	const char *script;        /* built-in script: tpcb-like, ... */
	int scale;
	struct suite_list clients;
	int threads;               /* 0: one thread per client */
	int duration_s;
	const char *protocol;      /* simple, extended, prepared */
};

struct suite {
	char name[SUITE_NAME_MAX + 1];
	const char *source;        /* "built-in" or the file it was read from */
	const char *text;          /* the suite file exactly as run */
	int min_target_mib;
	bool allow_unmarked;
	bool needs_wal;
	struct suite_fs fs;
	struct suite_setting settings[SUITE_MAX_SETTINGS];
	size_t n_settings;
	struct suite_pgbench pgbench;
	char strings[8192];        /* the values above point in here */
	size_t strings_used;
	char *file_text;           /* text read from a file, owned */
};

/* One measurement's parameters: a point of the suite's matrix. */
struct pgbench_params {
	const char *script;
	int scale;
	int clients;
	int threads;
	int duration_s;
	const char *protocol;
};

struct bench_case {
	int index;
	char id[96];               /* pgbench-tpcb-like-s1-c2 */
	const char *workload;      /* "pgbench" */
	struct pgbench_params pgbench;
};

/* A suite's text kept in the program (generated from bench/suites/). */
struct suite_text {
	const char *name;
	const char *text;
};

/* The built-in suites, ending with { NULL, NULL }. */
extern const struct suite_text builtin_suites[];

/*
 * Find the suite NAME and parse it into s.  Returns 0, or -1 with one line
 * in err: an unknown suite lists the suites there are; a bad suite names
 * the line and what is wrong with it.
 */
int suite_lookup(const char *name, struct suite *s, char *err, size_t errlen);

/*
 * Read the suite file at path (named after the file, without ".ini").
 * Returns 0, or -1 with one line in err.  suite_free() releases it.
 */
int suite_read_file(const char *path, struct suite *s, char *err, size_t errlen);
void suite_free(struct suite *s);

/* Parse suite text (read from source) into s.  Returns 0 or -1 and err. */
int suite_parse(const char *name, const char *source, const char *text,
		struct suite *s, char *err, size_t errlen);

/* The key=value lines of `bootbench-bench describe`. */
void suite_describe(const struct suite *s, FILE *out);

size_t suite_case_count(const struct suite *s);
void suite_case(const struct suite *s, size_t index, struct bench_case *c);

#endif
