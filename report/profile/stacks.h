/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * stacks.h: the samples of profiles as folded call stacks.
 *
 * A function is a symbol in an object (perf's "dso": [kernel.kallsyms],
 * a module, /opt/postgresql/bin/postgres, ...); an address that has no
 * symbol is the function "[object]" (its file name), as the flame-graph
 * tools name it.  Functions and process names are numbered once in a
 * struct funcs that every profile of a report shares, so that their
 * numbers mean the same in each.  A profile's samples are folded: each
 * distinct stack (the process name, then the functions from the
 * outermost caller to the function the sample was taken in) once, with
 * the number of samples that had it.
 */
#ifndef BOOTBENCH_REPORT_STACKS_H
#define BOOTBENCH_REPORT_STACKS_H

#include "report/profile/strhash.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Where a function is: the split of the report's lists. */
enum func_kind { KIND_KERNEL, KIND_POSTGRES, KIND_OTHER, NKINDS };
extern const char *const kind_names[NKINDS];   /* "kernel", "postgres", "other" */

struct func {
	char *name;             /* the symbol, or "[object]" without one */
	char *dso;              /* the object, as perf names it */
	enum func_kind kind;
	bool unknown;           /* no symbol: the name is the object's */
};

struct funcs {
	struct func *v;
	size_t n, cap;
	char **comms;           /* process names */
	size_t ncomms, comms_cap;
	struct strhash index, comm_index;
};

/* The number of the function sym (NULL or "[unknown]": none) in dso,
 * taken at address ip, added if it is new. */
uint32_t funcs_add(struct funcs *fs, const char *sym, const char *dso, unsigned long long ip);
/* The number of process name comm, added if it is new. */
uint32_t funcs_comm(struct funcs *fs, const char *comm);
void funcs_free(struct funcs *fs);

struct stack {
	uint32_t comm;
	uint32_t *frames;       /* function numbers, the outermost caller first */
	size_t nframes;
	unsigned long long count;
};

struct stacks {
	struct stack *v;
	size_t n, cap;
	unsigned long long samples;     /* the sum of the counts */
	struct strhash index;
};

/* Add count samples of the stack comm, frames[0..n) (outermost first). */
void stacks_add(struct stacks *s, uint32_t comm, const uint32_t *frames, size_t n,
		unsigned long long count);
/* Add every stack of from to s. */
void stacks_merge(struct stacks *s, const struct stacks *from);
void stacks_free(struct stacks *s);

/* The kind of the object dso, where a sample at ip was taken: the
 * kernel (kernel addresses, [kernel.kallsyms], modules), PostgreSQL
 * (/opt/postgresql/...) or another. */
enum func_kind kind_of(const char *dso, unsigned long long ip);

#endif
