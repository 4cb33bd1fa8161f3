/* options.h: the command line of bootbench-bench. */
#ifndef BOOTBENCH_OPTIONS_H
#define BOOTBENCH_OPTIONS_H

#include <stddef.h>

enum command {
	CMD_HELP,
	CMD_DESCRIBE,
	CMD_RUN,
	CMD_KEYS,
};

struct options {
	enum command command;
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
};

/*
 * Parse argv into o.  Returns 0, or -1 with one line in err (no program
 * name, no newline) saying what is wrong.
 */
int options_parse(int argc, char **argv, struct options *o,
		  char *err, size_t errlen);

/* The usage text, for --help and after argument errors. */
extern const char options_usage[];

#endif
