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
 *   [<workload>]  one section per workload, in the order they run
 *
 * suite_lookup() is the one place that decides where a suite comes from.
 */
#ifndef BOOTBENCH_SUITE_H
#define BOOTBENCH_SUITE_H

#include <stdbool.h>
#include <stddef.h>
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

/*
 * One measurement: a point of the matrix.  Its environment (every
 * [filesystem] and [postgresql] value) decides the state of the disk and
 * the server; cases with the same env share one mkfs and initdb.
 */
struct bench_case {
	const struct suite *s;
	int index;                 /* in the matrix, from 0 */
	int env;                   /* environment number, from 0 */
	const char *workload;      /* its section */
	int repeat;                /* 1 .. repeats */
	char id[144];              /* pgbench-tpcb-like-s1-c2-r2 */
	char group[128];           /* the id without the repeat */
	unsigned char choice[SUITE_MAX_PARAMS];   /* value index per param */
};

/* A suite's text kept in the program (generated from bench/suites/). */
struct suite_text {
	const char *name;
	const char *text;
};

/* The built-in suites, ending with { NULL, NULL }. */
extern const struct suite_text builtin_suites[];

/*
 * Find the suite NAME: SUITE_RESULTS_DIR/NAME.ini if it exists, else the
 * built-in one.  Returns 0, or -1 with one line in err: an unknown suite
 * lists the suites there are; a bad suite names file, line and key.
 */
int suite_lookup(const char *name, struct suite *s, char *err, size_t errlen);
int suite_lookup_in(const char *dir, const char *name, struct suite *s,
		    char *err, size_t errlen);

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

/* The param of section/key, NULL if the suite has no such section. */
const struct suite_param *suite_param(const struct suite *s,
				      const char *section, const char *key);

/*
 * The matrix, in its documented order: environments (the [filesystem]
 * lists, then the [postgresql] lists, each in file order, the first key
 * varying slowest), within each the workload sections in file order,
 * within each its lists in key order, the repeats innermost.
 */
size_t suite_case_count(const struct suite *s);
void suite_case(const struct suite *s, size_t index, struct bench_case *c);

/* A case's value of section/key (the fallback if absent); NULL if the
 * suite has no such key. */
const char *case_value(const struct bench_case *c, const char *section,
		       const char *key);
/* The same as a number (SK_INT, SK_SIZE in bytes, SK_BOOL as 0/1). */
long long case_number(const struct bench_case *c, const char *section,
		      const char *key);
/* A key of the case's own workload section. */
const char *case_param(const struct bench_case *c, const char *key);
long long case_param_number(const struct bench_case *c, const char *key);

/* Parse a value of kind SK_SIZE / SK_BOOL; false if it is not one. */
bool suite_parse_size(const char *text, long long *bytes);
bool suite_parse_bool(const char *text, bool *out);

#endif
