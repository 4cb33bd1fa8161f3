/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * suite.h: what a suite asks for, and the cases it expands to.
 *
 * A suite is an INI file (bench/suites/, doc/suites.md).  Every value
 * is kept as text with the line it came from; a comma list makes the key a
 * dimension of the suite's matrix.  The sections:
 *
 *   [suite]       size of the target, repeats, what to do between runs
 *   [filesystem]  the target's filesystem, mkfs profile, mount options,
 *                 I/O scheduler, readahead
 *   [postgresql]  any setting for postgresql.conf
 *   [sysctl]      any entry of /proc/sys (bench/knobs/)
 *   [machine]     CPU frequency, SMT, CPUs online, THP, idle states
 *   [<workload>]  one section per workload, in the order they run
 *
 * This header is the bottom of the suite's layers: the types, a key's
 * param and its values.  Above it: suite_keys.h (the keys of [suite] and
 * [filesystem]) and workload_spec.h (each workload's keys), suite_parse.h
 * (text to struct suite), suite_read.h (where a suite comes from),
 * matrix.h (the cases).  What a run does with them is bench/run/'s.
 */
#ifndef BOOTBENCH_SUITE_H
#define BOOTBENCH_SUITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SUITE_MAX_VALUES   32      /* values of one list */
#define SUITE_MAX_PARAMS   128     /* keys in all sections */
#define SUITE_MAX_SECTIONS 16
#define SUITE_NAME_MAX     64
#define SUITE_RESULTS_DIR  "/mnt/results/suites"

/* What kind of value a key takes (suite_parse.c checks it). */
enum suite_kind {
	SK_INT,          /* a whole number in [min, max] */
	SK_BOOL,         /* 0/1, yes/no, on/off, true/false */
	SK_STRING,       /* any text */
	SK_CHOICE,       /* one of choices */
	SK_SIZE,         /* a size: 512, 64k, 16M, 2G (bytes) in [min, max] */
};

/* A key a section accepts. */
struct suite_key {
	const char *name;
	enum suite_kind kind;
	const char *fallback;      /* value when the key is absent; NULL: required */
	bool list;                 /* may be a comma list (a dimension) */
	long long min, max;        /* SK_INT, SK_SIZE */
	const char *const *choices;   /* SK_CHOICE, NULL-terminated */
	const char *help;          /* one line for the documentation */
};

/* One key of one section: its values, as text. */
struct suite_param {
	const char *section;
	const char *key;
	const struct suite_key *def;
	int line;                  /* 0: not in the file, the fallback */
	size_t n;                  /* > 1: a dimension of the matrix */
	const char *values[SUITE_MAX_VALUES];
	uint32_t required;         /* [machine]: bit i set when value i was
				      written with a trailing '!' (removed) */
};

struct suite_section {
	const char *name;
	int line;
	bool workload;             /* [pgbench], [insert], ... */
};

struct suite {
	char name[SUITE_NAME_MAX + 1];
	const char *source;        /* "built-in" or the file it was read from */
	const char *text;          /* the suite file exactly as run */
	char dir[256];             /* directory of the suite file; "" built-in */
	char path[256];            /* the suite file (source points here) */
	struct suite_section sections[SUITE_MAX_SECTIONS];
	size_t n_sections;
	struct suite_param params[SUITE_MAX_PARAMS];
	size_t n_params;
	/* [suite], for convenience */
	int min_target_mib;
	bool allow_unmarked;
	bool needs_wal;
	int repeats;
	char strings[32768];       /* the values above point in here */
	size_t strings_used;
	char *file_text;           /* text read from a file, owned */
};

/* Whether section NAME is one of the environment's -- [filesystem],
 * [postgresql], [sysctl], [machine] -- whose lists multiply the
 * environments. */
bool suite_env_section(const char *name);

/* The param of section/key, NULL if the suite has no such section. */
const struct suite_param *suite_param(const struct suite *s,
				      const char *section, const char *key);

/* The value of a key that is not a list (its only value) as a number
 * (suite_value_number); 0 if the suite has no such key. */
long long suite_number(const struct suite *s, const char *section,
		       const char *key);

/* A value of p as a number: SK_SIZE in bytes, SK_BOOL 0/1, else strtoll. */
long long suite_value_number(const struct suite_param *p, const char *value);

/* Parse a value of kind SK_INT / SK_SIZE / SK_BOOL; false if it is not one. */
bool suite_parse_int(const char *text, long long *out);
bool suite_parse_size(const char *text, long long *bytes);
bool suite_parse_bool(const char *text, bool *out);

/* Release what suite_parse() or suite_read_file() kept. */
void suite_free(struct suite *s);

#endif
