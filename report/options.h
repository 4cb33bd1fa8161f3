/*
 * options.h: the command line of bootbench-report.
 */
#ifndef BOOTBENCH_REPORT_OPTIONS_H
#define BOOTBENCH_REPORT_OPTIONS_H

#include <stddef.h>

enum format { FORMAT_TEXT, FORMAT_MARKDOWN, FORMAT_CSV, FORMAT_JSON };

struct options {
	const char *by;         /* axis: kernel (default), fs, scheduler or a key */
	const char *rows;       /* row key, NULL: chosen from what varies */
	const char *baseline;   /* axis value of the baseline column, NULL: first */
	double confidence;      /* in %, 0 < c < 100 */
	enum format format;
	const char *html;       /* --html FILE, or NULL */
	double plan;            /* --plan PCT: the change to detect, 0: no plan */
	double power;           /* --power PCT, for --plan (default 80) */
	char **paths;
	size_t npaths;
};

/* Fill o from argv; prints usage and returns 2 on bad usage, 1 after
 * --help (exit 0), 0 to go on. */
int options_parse(struct options *o, int argc, char **argv);

#endif
