/* SPDX-License-Identifier: GPL-2.0-only */
/* tables.c: a workload's tables built, filled, titled and compared (tables.h). */
#include "report/tables.h"

#include "report/cells.h"
#include "report/keys.h"
#include "report/strlist.h"
#include "report/util.h"
#include "report/workload_keys.h"

#include <stdlib.h>
#include <string.h>

/* The measurements of one table: indexes into r->ds->m. */
struct picked {
	size_t *v;
	size_t n, cap;
};

static void pick(struct picked *p, size_t i)
{
	grow(&p->v, &p->cap, p->n + 1, sizeof *p->v);
	p->v[p->n++] = i;
}

/* ntables empty tables after r's, each with the workload, its primary
 * metric (that of the workload's first measurement m) and the row key. */
static void tables_make(struct report *r, const char *workload, const struct measurement *m,
			const char *row_key, size_t ntables)
{
	r->tables = xrealloc(r->tables, (r->ntables + ntables) * sizeof *r->tables);
	for (size_t ti = 0; ti < ntables; ti++) {
		struct table *t = &r->tables[r->ntables++];
		memset(t, 0, sizeof *t);
		t->workload = xstrdup(workload);
		t->metric = xstrdup(m->metric);
		t->unit = xstrdup(m->unit);
		t->higher_is_better = m->higher_is_better;
		t->row_key = row_key ? xstrdup(row_key) : NULL;
	}
}

/* The measurements of the workload (idx) in the table named tk, into tm,
 * and the table's rows, sorted. */
static void table_rows(const struct report *r, struct table *t, const struct workload_keys *wk,
		       const struct picked *idx, const char *tk, struct picked *tm)
{
	struct strlist rows = { 0 };

	for (size_t i = 0; i < idx->n; i++) {
		const struct measurement *m = &r->ds->m[idx->v[i]];
		char *mine = workload_keys_table(wk, m);
		if (strcmp(mine, tk) == 0) {
			pick(tm, idx->v[i]);
			strlist_add(&rows, wk->row_key ? key_value(m, wk->row_key) : "all");
		}
		free(mine);
	}
	sort_values(rows.v, rows.n);
	t->rows = rows.v;
	t->nrows = rows.n;
}

/* The keys with one value in the table are fixed in it; the title is the
 * workload and those of them that split it or are keys of the case (not
 * facts of run.json). */
static void table_title(const struct report *r, struct table *t, const struct workload_keys *wk,
			const struct picked *tm)
{
	char *title = xstrdup(t->workload);

	for (size_t k = 0; k < wk->n; k++) {
		const struct workload_key *key = &wk->v[k];
		struct strlist vals = { 0 };
		if (key->key == wk->row_key)
			continue;
		for (size_t i = 0; i < tm->n; i++)
			strlist_add(&vals, key_value(&r->ds->m[tm->v[i]], key->key));
		if (vals.n == 1) {
			attrs_set(&t->fixed, key->key, vals.v[0]);
			if (key->splits || !strchr(key->key, '.')) {
				char *nt = xasprintf("%s %s=%s", title, key->key, vals.v[0]);
				free(title);
				title = nt;
			}
		}
		strlist_free(&vals);
	}
	t->title = title;
}

/* Each measurement of the table into the cell of its row and column. */
static void table_fill(struct report *r, struct table *t, const struct picked *tm)
{
	struct strlist rl = { t->rows, t->nrows, t->nrows };
	struct strlist cl = { r->cols, r->ncols, r->ncols };

	t->cells = xcalloc(t->nrows * r->ncols, sizeof *t->cells);
	for (size_t i = 0; i < tm->n; i++) {
		const struct measurement *m = &r->ds->m[tm->v[i]];
		ssize_t row = strlist_find(&rl, t->row_key ? key_value(m, t->row_key) : "all");
		ssize_t col = strlist_find(&cl, key_value(m, r->axis));
		struct cell *c = &t->cells[(size_t)row * r->ncols + (size_t)col];
		c->m = xrealloc(c->m, (c->n + 1) * sizeof *c->m);
		c->values = xrealloc(c->values, (c->n + 1) * sizeof *c->values);
		c->m[c->n] = tm->v[i];
		c->values[c->n++] = m->value;
		for (size_t w = 0; w < m->nwarnings; w++)
			cell_warn(r, c, &m->warnings[w]);
	}
}

/* Every cell measured; the columns that have values; each cell compared
 * with the baseline column's of its row. */
static void table_compare(const struct report *r, struct table *t)
{
	for (size_t c = 0; c < t->nrows * r->ncols; c++) {
		cell_measure(r, &t->cells[c]);
		t->several_boots |= t->cells[c].boots > 1;
	}
	t->cols = xcalloc(r->ncols, sizeof *t->cols);
	for (size_t col = 0; col < r->ncols; col++)
		for (size_t row = 0; row < t->nrows; row++)
			if (t->cells[row * r->ncols + col].n > 0) {
				t->cols[t->ncols++] = col;
				t->has_baseline |= col == r->baseline;
				break;
			}
	for (size_t row = 0; row < t->nrows; row++)
		for (size_t col = 0; col < r->ncols; col++) {
			struct cell *c = &t->cells[row * r->ncols + col];
			if (col == r->baseline)
				continue;
			cell_compare(r, c, &t->cells[row * r->ncols + r->baseline], t->metric, true);
			t->few_boots |= c->compared && c->cmp.why == NO_CLAIM_FEW_BOOTS;
		}
}

void tables_build(struct report *r, const char *workload, const char *row_opt)
{
	struct picked idx = { 0 };
	struct workload_keys wk;
	struct strlist tkeys = { 0 };
	size_t first = r->ntables;

	for (size_t i = 0; i < r->ds->nm; i++)
		if (strcmp(r->ds->m[i].workload, workload) == 0)
			pick(&idx, i);
	workload_keys_find(&wk, r, idx.v, idx.n, row_opt);
	for (size_t i = 0; i < idx.n; i++) {
		char *tk = workload_keys_table(&wk, &r->ds->m[idx.v[i]]);
		strlist_add(&tkeys, tk);
		free(tk);
	}
	sort_values(tkeys.v, tkeys.n);
	tables_make(r, workload, &r->ds->m[idx.v[0]], wk.row_key, tkeys.n);
	for (size_t ti = 0; ti < tkeys.n; ti++) {
		struct table *t = &r->tables[first + ti];
		struct picked tm = { 0 };
		table_rows(r, t, &wk, &idx, tkeys.v[ti], &tm);
		table_title(r, t, &wk, &tm);
		table_fill(r, t, &tm);
		table_compare(r, t);
		free(tm.v);
	}
	strlist_free(&tkeys);
	workload_keys_free(&wk);
	free(idx.v);
}
