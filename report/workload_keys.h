/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * workload_keys.h: the keys of one workload's measurements, and what each
 * does in its tables: the row key names the rows, a key that splits makes
 * a table per value, and the others are fixed in a table or follow from
 * the row or the column.
 */
#ifndef BOOTBENCH_REPORT_WORKLOAD_KEYS_H
#define BOOTBENCH_REPORT_WORKLOAD_KEYS_H

#include "report/model.h"
#include "report/strlist.h"

#include <stdbool.h>
#include <stddef.h>

struct workload_key {
	char *key;
	struct strlist values;  /* its values in the workload */
	bool splits;            /* a table per value */
};

struct workload_keys {
	struct workload_key *v;
	size_t n;
	const char *row_key;    /* one of v's keys, or NULL: a single row */
};

/* The keys of the measurements idx[0..n) of r->ds (but the axis, run and
 * argument, and the kernel and its variant when the axis is the run, the
 * argument or the kernel and its variant: there they are facts of the
 * column, which the header compares), with row_opt (--rows) or else the
 * first key that varies, clients first, as the row key.  A key splits
 * when it varies and follows neither from the row key nor from the axis
 * (threads = clients splits nothing). */
void workload_keys_find(struct workload_keys *wk, const struct report *r, const size_t *idx,
			size_t n, const char *row_opt);
/* The table of m: the values of the splitting keys, each followed by
 * \x1f; a new string. */
char *workload_keys_table(const struct workload_keys *wk, const struct measurement *m);
void workload_keys_free(struct workload_keys *wk);

#endif
