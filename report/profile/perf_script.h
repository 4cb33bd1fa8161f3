/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * perf_script.h: a perf.data read with the host's perf, its samples
 * resolved to functions with the symbols given and folded (stacks.h).
 *
 * perf script resolves: the image's objects from the unstripped copies
 * in symfs (out/symbols, which mirrors the image's paths; perf takes a
 * copy only if its build id is the one recorded), the kernel and its
 * modules from the kallsyms saved in the run.  Nothing of the host's
 * own is used: its build-id cache, its kernel, its perf config.
 */
#ifndef BOOTBENCH_REPORT_PERF_SCRIPT_H
#define BOOTBENCH_REPORT_PERF_SCRIPT_H

#include "report/profile/stacks.h"

struct perf_request {
	const char *data;       /* the perf.data */
	const char *symfs;      /* the unstripped objects, or NULL: none */
	const char *kallsyms;   /* the kernel's symbols, or NULL: none */
};

/* The perf program: $BOOTBENCH_PERF, else "perf" from PATH. */
const char *perf_program(void);
/* Whether the host's perf runs; false with *error, a new string. */
bool perf_available(char **error);
/* The samples of rq->data into s (functions numbered in fs).  0, or -1
 * with *error (a new one-line string: perf's own complaint about a file
 * cut short or not a perf.data, or what was wrong with its output). */
int perf_script_read(const struct perf_request *rq, struct funcs *fs, struct stacks *s,
		     char **error);

/* An object perf.data has samples in, and its build id ("" if none). */
struct perf_object {
	char *path, *build_id;
};

/* The objects data has build ids of (perf buildid-list: those perf
 * record found samples in), in *out (*n of them).  0, or -1 with *error. */
int perf_objects(const char *data, struct perf_object **out, size_t *n, char **error);
void perf_objects_free(struct perf_object *v, size_t n);

#endif
