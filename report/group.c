/* SPDX-License-Identifier: GPL-2.0-only */
/* group.c: the columns, then each workload's tables and the facts (group.h). */
#include "report/group.h"

#include "report/diag.h"
#include "report/facts.h"
#include "report/keys.h"
#include "report/strlist.h"
#include "report/tables.h"

#include <stdlib.h>
#include <string.h>

int report_build(struct report *r, struct dataset *ds, const struct report_options *o)
{
	struct strlist cols = { 0 }, workloads = { 0 };
	char *row_key = NULL;

	memset(r, 0, sizeof *r);
	r->opt = o;
	r->ds = ds;
	r->alpha = 1 - o->confidence / 100;
	r->axis = key_resolve(ds, o->by ? o->by : key_default_axis(ds), "--by");
	if (!r->axis)
		return 2;
	if (o->rows) {
		row_key = key_resolve(ds, o->rows, "--rows");
		if (!row_key)
			return 2;
	}
	for (size_t i = 0; i < ds->nm; i++) {
		strlist_add(&cols, key_value(&ds->m[i], r->axis));
		strlist_add(&workloads, ds->m[i].workload);
	}
	sort_values(cols.v, cols.n);
	r->cols = cols.v;
	r->ncols = cols.n;
	if (o->baseline) {
		ssize_t b = strlist_find(&cols, o->baseline);
		if (b < 0) {
			fail("--baseline: no column '%s' (columns by %s: %s%s)", o->baseline,
			     r->axis, cols.v[0], cols.n > 1 ? ", ..." : "");
			free(row_key);
			strlist_free(&workloads);
			return 2;
		}
		r->baseline = (size_t)b;
	}
	for (size_t w = 0; w < workloads.n; w++)
		tables_build(r, workloads.v[w], row_key);
	facts_build(r);
	free(row_key);
	strlist_free(&workloads);
	return 0;
}
