/* SPDX-License-Identifier: GPL-2.0-only */
/* group.c: tables, rows, columns and cells; statistics and comparisons. */
#include "report/group.h"

#include "report/diag.h"
#include "common/stats.h"
#include "report/keys.h"
#include "report/util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NONE "(none)"

struct strlist {
	char **v;
	size_t n, cap;
};

static ssize_t strlist_find(const struct strlist *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i], s) == 0)
			return (ssize_t)i;
	return -1;
}

static size_t strlist_add(struct strlist *l, const char *s)
{
	ssize_t i = strlist_find(l, s);

	if (i >= 0)
		return (size_t)i;
	grow(&l->v, &l->cap, l->n + 1, sizeof *l->v);
	l->v[l->n] = xstrdup(s);
	return l->n++;
}

static void strlist_free(struct strlist *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof *l);
}

static int cmp_values(const void *a, const void *b)
{
	return compare_values(*(char *const *)a, *(char *const *)b);
}

static int cmp_versions(const void *a, const void *b)
{
	return strverscmp(*(char *const *)a, *(char *const *)b);
}

/* Numbers sorted by value, anything else as versions ("6.1" < "6.12"),
 * so that the order does not depend on the order of the input. */
static void sort_values(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!is_number(v[i], NULL)) {
			qsort(v, n, sizeof *v, cmp_versions);
			return;
		}
	qsort(v, n, sizeof *v, cmp_values);
}

static const char *value_of(const struct measurement *m, const char *key)
{
	const char *v = attrs_get(&m->attrs, key);

	return v ? v : NONE;
}

const char *column_letter(size_t i)
{
	static char buf[8];

	if (i < 26)
		snprintf(buf, sizeof buf, "%c", (int)('A' + i));
	else
		snprintf(buf, sizeof buf, "%c%c", (int)('A' + i / 26 - 1), (int)('A' + i % 26));
	return buf;
}

/* Whether the columns are kernels: the kernel, or the kernel and its
 * variant. */
static bool axis_is_kernel(const struct report *r)
{
	return strcmp(r->axis, "kernel") == 0 || strcmp(r->axis, KEY_KERNEL_VARIANT) == 0;
}

/* ---- warnings legend ---- */

static int legend_id(struct report *r, const struct warning *w)
{
	for (size_t i = 0; i < r->nlegend; i++)
		if (strcmp(r->legend[i].code, w->code) == 0 &&
		    strcmp(r->legend[i].message, w->message) == 0)
			return (int)i + 1;
	r->legend = xrealloc(r->legend, (r->nlegend + 1) * sizeof *r->legend);
	r->legend[r->nlegend].code = xstrdup(w->code);
	r->legend[r->nlegend].message = xstrdup(w->message);
	return (int)++r->nlegend;
}

static void cell_add_warning(struct cell *c, int id)
{
	size_t i = 0;

	while (i < c->nwarnings && c->warnings[i] < id)
		i++;
	if (i < c->nwarnings && c->warnings[i] == id)
		return;
	c->warnings = xrealloc(c->warnings, (c->nwarnings + 1) * sizeof *c->warnings);
	memmove(c->warnings + i + 1, c->warnings + i, (c->nwarnings - i) * sizeof *c->warnings);
	c->warnings[i] = id;
	c->nwarnings++;
}

/* ---- one workload ---- */

struct keyinfo {
	char *key;
	struct strlist values;
};

/* The keys of the measurements idx[0..n) (but the axis, run and argument,
 * and the kernel and its variant when the axis is the run or the argument:
 * there they are facts of the column, which the header compares) and their
 * values. */
static size_t collect_keys(const struct report *r, const size_t *idx, size_t n, struct keyinfo **out)
{
	struct keyinfo *ki = NULL;
	size_t nk = 0, cap = 0;

	for (size_t i = 0; i < n; i++) {
		const struct measurement *m = &r->ds->m[idx[i]];
		for (size_t k = 0; k < m->attrs.n; k++) {
			const char *key = m->attrs.v[k].key;
			size_t j;
			/* The mkfs command names the device: a fact, not a case key. */
			if (strcmp(key, "filesystem.mkfs_command") == 0)
				continue;
			if (strcmp(key, r->axis) == 0 || strcmp(key, "run") == 0 ||
			    strcmp(key, "argument") == 0 ||
			    ((strcmp(r->axis, "run") == 0 || strcmp(r->axis, "argument") == 0) &&
			     (strcmp(key, "kernel") == 0 || strcmp(key, "variant") == 0)) ||
			    (strcmp(r->axis, KEY_KERNEL_VARIANT) == 0 &&
			     (strcmp(key, "kernel") == 0 || strcmp(key, "variant") == 0)))
				continue;
			for (j = 0; j < nk && strcmp(ki[j].key, key) != 0; j++)
				;
			if (j == nk) {
				grow(&ki, &cap, nk + 1, sizeof *ki);
				memset(&ki[nk], 0, sizeof *ki);
				ki[nk++].key = xstrdup(key);
			}
		}
	}
	for (size_t j = 0; j < nk; j++)
		for (size_t i = 0; i < n; i++)
			strlist_add(&ki[j].values, value_of(&r->ds->m[idx[i]], ki[j].key));
	*out = ki;
	return nk;
}

/* Whether key's value follows from the value of row_key in idx[0..n). */
static bool follows(const struct report *r, const size_t *idx, size_t n,
		    const char *key, const char *row_key)
{
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			const struct measurement *a = &r->ds->m[idx[i]], *b = &r->ds->m[idx[j]];
			if (strcmp(value_of(a, row_key), value_of(b, row_key)) == 0 &&
			    strcmp(value_of(a, key), value_of(b, key)) != 0)
				return false;
		}
	return true;
}

/* The values of the splitting keys of m, each followed by \x1f. */
static char *table_key(const struct measurement *m, const struct keyinfo *ki, size_t nk,
		       const bool *splits)
{
	size_t len = 1;
	char *tk;

	for (size_t k = 0; k < nk; k++)
		if (splits[k])
			len += strlen(value_of(m, ki[k].key)) + 1;
	tk = xcalloc(1, len);
	for (size_t k = 0; k < nk; k++)
		if (splits[k]) {
			strcat(tk, value_of(m, ki[k].key));
			strcat(tk, "\x1f");
		}
	return tk;
}

void cell_measure(const struct report *r, struct cell *c)
{
	size_t *boot = xcalloc(c->n ? c->n : 1, sizeof *boot);

	describe(c->values, c->n, &c->d);
	for (size_t i = 0; i < c->n; i++)
		for (size_t k = 0; k < r->ds->nruns; k++)
			if (r->ds->runs[k] == r->ds->m[c->m[i]].run)
				boot[i] = k;
	c->boot_values = xcalloc(c->n ? c->n : 1, sizeof *c->boot_values);
	c->boots = boot_medians(c->values, boot, c->n, c->boot_values, &c->within_cov);
	c->boot_cov = c->boots >= 2 ? 100 * stats_cov(c->boot_values, c->boots) : NAN;
	free(boot);
}

void cell_compare(const struct report *r, struct cell *c, const struct cell *base,
		  const char *metric, bool with_series)
{
	double *a = NULL, *b = NULL;
	size_t na = 0, nb = 0;

	if (!base || base->n == 0 || c->n == 0)
		return;
	c->compared = true;
	c->change_median = 100 * (c->d.median - base->d.median) / base->d.median;
	c->change_hmean = 100 * (c->d.hmean - base->d.hmean) / base->d.hmean;
	compare_boots(c->boot_values, c->boots, base->boot_values, base->boots, r->alpha, &c->cmp);
	comparison_mark(&c->cmp, threshold_of(&r->opt->threshold, metric));
	if (with_series && c->n == 1 && base->n == 1) {
		const struct measurement *mc = &r->ds->m[c->m[0]], *mb = &r->ds->m[base->m[0]];
		a = series_read(mc, mc->metric, &na);
		b = series_read(mb, mb->metric, &nb);
	}
	if (na > 0 && nb > 0)
		compare_series(a, na, b, nb, r->alpha, &c->within);
	else
		compare_repeats(c->values, c->n, base->values, base->n, r->alpha, &c->within);
	free(a);
	free(b);
}

static void build_workload(struct report *r, const char *workload, const char *row_opt)
{
	size_t *idx = NULL, n = 0, cap = 0, nk;
	struct keyinfo *ki;
	const char *row_key = NULL;
	bool *splits;
	struct strlist tkeys = { 0 };
	size_t first_table = r->ntables;

	for (size_t i = 0; i < r->ds->nm; i++)
		if (strcmp(r->ds->m[i].workload, workload) == 0) {
			grow(&idx, &cap, n + 1, sizeof *idx);
			idx[n++] = i;
		}
	nk = collect_keys(r, idx, n, &ki);
	if (row_opt) {
		for (size_t k = 0; k < nk; k++)
			if (strcmp(ki[k].key, row_opt) == 0)
				row_key = ki[k].key;
	} else {
		for (size_t k = 0; k < nk && !row_key; k++)
			if (strcmp(ki[k].key, "clients") == 0 && ki[k].values.n > 1)
				row_key = ki[k].key;
		for (size_t k = 0; k < nk && !row_key; k++)
			if (ki[k].values.n > 1 && !strchr(ki[k].key, '.') && strcmp(ki[k].key, "kernel") != 0 &&
			    strcmp(ki[k].key, "variant") != 0)
				row_key = ki[k].key;
		for (size_t k = 0; k < nk && !row_key; k++)
			if (ki[k].values.n > 1)
				row_key = ki[k].key;
	}
	splits = xcalloc(nk ? nk : 1, sizeof *splits);
	for (size_t k = 0; k < nk; k++)
		splits[k] = ki[k].values.n > 1 && ki[k].key != row_key &&
			!(row_key && follows(r, idx, n, ki[k].key, row_key)) &&
			!follows(r, idx, n, ki[k].key, r->axis);

	/* Tables: one per combination of the splitting keys' values. */
	for (size_t i = 0; i < n; i++) {
		char *tk = table_key(&r->ds->m[idx[i]], ki, nk, splits);
		strlist_add(&tkeys, tk);
		free(tk);
	}
	sort_values(tkeys.v, tkeys.n);
	r->tables = xrealloc(r->tables, (r->ntables + tkeys.n) * sizeof *r->tables);
	for (size_t ti = 0; ti < tkeys.n; ti++) {
		const struct measurement *m = &r->ds->m[idx[0]];
		struct table *t = &r->tables[r->ntables++];
		memset(t, 0, sizeof *t);
		t->workload = xstrdup(workload);
		t->metric = xstrdup(m->metric);
		t->unit = xstrdup(m->unit);
		t->higher_is_better = m->higher_is_better;
		t->row_key = row_key ? xstrdup(row_key) : NULL;
	}

	/* Rows, fixed keys, cells of each table. */
	for (size_t ti = 0; ti < tkeys.n; ti++) {
		struct table *t = &r->tables[first_table + ti];
		size_t *tm = NULL, tn = 0, tcap = 0;
		struct strlist rows = { 0 };
		char *title;

		for (size_t i = 0; i < n; i++) {
			const struct measurement *m = &r->ds->m[idx[i]];
			char *tk = table_key(m, ki, nk, splits);
			if (strcmp(tk, tkeys.v[ti]) == 0) {
				grow(&tm, &tcap, tn + 1, sizeof *tm);
				tm[tn++] = idx[i];
				strlist_add(&rows, row_key ? value_of(m, row_key) : "all");
			}
			free(tk);
		}
		sort_values(rows.v, rows.n);
		t->rows = rows.v;
		t->nrows = rows.n;
		title = xstrdup(workload);
		for (size_t k = 0; k < nk; k++) {
			struct strlist vals = { 0 };
			if (ki[k].key == row_key)
				continue;
			for (size_t i = 0; i < tn; i++)
				strlist_add(&vals, value_of(&r->ds->m[tm[i]], ki[k].key));
			if (vals.n == 1) {
				attrs_set(&t->fixed, ki[k].key, vals.v[0]);
				if (splits[k] || !strchr(ki[k].key, '.')) {
					char *nt = xasprintf("%s %s=%s", title, ki[k].key, vals.v[0]);
					free(title);
					title = nt;
				}
			}
			strlist_free(&vals);
		}
		t->title = title;
		t->cells = xcalloc(t->nrows * r->ncols, sizeof *t->cells);
		for (size_t i = 0; i < tn; i++) {
			const struct measurement *m = &r->ds->m[tm[i]];
			ssize_t row = 0, col = 0;
			struct strlist rl = { t->rows, t->nrows, t->nrows };
			struct strlist cl = { r->cols, r->ncols, r->ncols };
			row = strlist_find(&rl, row_key ? value_of(m, row_key) : "all");
			col = strlist_find(&cl, value_of(m, r->axis));
			struct cell *c = &t->cells[(size_t)row * r->ncols + (size_t)col];
			c->m = xrealloc(c->m, (c->n + 1) * sizeof *c->m);
			c->values = xrealloc(c->values, (c->n + 1) * sizeof *c->values);
			c->m[c->n] = tm[i];
			c->values[c->n++] = m->value;
			for (size_t w = 0; w < m->nwarnings; w++)
				cell_add_warning(c, legend_id(r, &m->warnings[w]));
		}
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
		free(tm);
	}
	strlist_free(&tkeys);
	free(splits);
	for (size_t k = 0; k < nk; k++) {
		free(ki[k].key);
		strlist_free(&ki[k].values);
	}
	free(ki);
	free(idx);
}

/* ---- facts: what describes the runs ---- */

/* Column letters in column order: "B" < "Z" < "AA". */
static int cmp_letters(const void *a, const void *b)
{
	const char *x = *(char *const *)a, *y = *(char *const *)b;
	size_t lx = strlen(x), ly = strlen(y);

	return lx != ly ? (lx > ly) - (lx < ly) : strcmp(x, y);
}

static void add_fact(struct report *r, const char *key, const char *value, const char *col)
{
	struct fact *f = NULL;
	size_t v;

	for (size_t i = 0; i < r->nfacts; i++)
		if (strcmp(r->facts[i].key, key) == 0)
			f = &r->facts[i];
	if (!f) {
		r->facts = xrealloc(r->facts, (r->nfacts + 1) * sizeof *r->facts);
		f = &r->facts[r->nfacts++];
		memset(f, 0, sizeof *f);
		f->key = xstrdup(key);
	}
	for (v = 0; v < f->nvalues && strcmp(f->values[v], value) != 0; v++)
		;
	if (v == f->nvalues) {
		f->values = xrealloc(f->values, (v + 1) * sizeof *f->values);
		f->columns = xrealloc(f->columns, (v + 1) * sizeof *f->columns);
		f->values[v] = xstrdup(value);
		f->columns[v] = xstrdup("");
		f->nvalues++;
	}
	/* Add col to the value's column list once. */
	char *list = f->columns[v], *p = list;
	size_t cl = strlen(col);
	while ((p = strstr(p, col))) {
		if ((p == list || p[-1] == ' ') && (p[cl] == '\0' || p[cl] == ' '))
			return;
		p += cl;
	}
	f->columns[v] = *list ? xasprintf("%s %s", list, col) : xstrdup(col);
	free(list);
	/* Keep the list in column order: sort its words. */
	{
		char *words[256], *save = NULL, *copy = xstrdup(f->columns[v]), *out;
		size_t nw = 0, len = 0;
		for (char *w = strtok_r(copy, " ", &save); w && nw < 256; w = strtok_r(NULL, " ", &save))
			words[nw++] = w;
		qsort(words, nw, sizeof *words, cmp_letters);
		out = xcalloc(1, strlen(f->columns[v]) + 1);
		for (size_t i = 0; i < nw; i++)
			len += (size_t)sprintf(out + len, "%s%s", i ? " " : "", words[i]);
		free(f->columns[v]);
		f->columns[v] = out;
		free(copy);
	}
}

/* The mkfs command without its device, the program without its directory. */
static char *mkfs_profile(const char *cmd)
{
	const char *prog_end = strchr(cmd, ' '), *last = strrchr(cmd, ' '), *start = cmd;

	if (!prog_end)
		return xstrdup(cmd);
	for (const char *p = cmd; p < prog_end; p++)
		if (*p == '/')
			start = p + 1;
	return xasprintf("%.*s", (int)(last - start), start);
}

/* Whether some run of ds has fact key. */
static bool some_run_has(const struct dataset *ds, const char *key)
{
	for (size_t i = 0; i < ds->nruns; i++)
		if (attrs_get(&ds->runs[i]->facts, key))
			return true;
	return false;
}

/* Beside a run with fact key, one without it has value: a profiled run
 * beside an unprofiled one ("profile" "none": perf's sampling costs some
 * of the figure), a run in instruction time beside one in the host's
 * ("clock" "host": runs.c gives the fact to instruction time alone, so
 * that the header of runs all in the host's time does not change). */
static void fill_facts(struct dataset *ds, const char *key, const char *value)
{
	if (!some_run_has(ds, key))
		return;
	for (size_t i = 0; i < ds->nruns; i++)
		if (!attrs_get(&ds->runs[i]->facts, key))
			attrs_set(&ds->runs[i]->facts, key, value);
}

/* Whether a column has two values of f: a word of two column lists. */
static bool column_with_two_values(const struct fact *f)
{
	for (size_t v = 0; v < f->nvalues; v++) {
		char *copy = xstrdup(f->columns[v]), *save = NULL;
		bool two = false;
		for (char *w = strtok_r(copy, " ", &save); w && !two; w = strtok_r(NULL, " ", &save))
			for (size_t u = v + 1; u < f->nvalues && !two; u++) {
				const char *p = f->columns[u];
				size_t wl = strlen(w);
				while (!two && (p = strstr(p, w))) {
					two = (p == f->columns[u] || p[-1] == ' ') && (p[wl] == '\0' || p[wl] == ' ');
					p += wl;
				}
			}
		free(copy);
		if (two)
			return true;
	}
	return false;
}

static void build_facts(struct report *r)
{
	/* always: listed as "(unknown)" where a run lacks it; the others only
	 * when some run records them (run.json has had them since the image
	 * recorded its build and the kernel's settings). */
	static const struct { const char *key; bool always; } keys[] = {
		{ "kernel", true }, { "variant", false }, { "clock", false }, { "kernel config", false },
		{ "kernel build", false },
		{ "mitigations", false },
		{ "THP", false }, { "clocksource", false }, { "profile", false },
		{ "CPU", true }, { "NUMA nodes", false },
		{ "RAM", true }, { "target", true }, { "image", false }, { "PostgreSQL", true },
		{ "PostgreSQL build", false }, { "mkfs", true }, { "mount options", true },
		{ "host", false }, { "host load", false },
	};
	const size_t nkeys = sizeof keys / sizeof *keys;
	bool shown[sizeof keys / sizeof *keys];
	struct strlist cl = { r->cols, r->ncols, r->ncols };

	fill_facts(r->ds, "profile", "none");
	fill_facts(r->ds, "clock", "host");
	for (size_t k = 0; k < nkeys; k++)
		shown[k] = keys[k].always || some_run_has(r->ds, keys[k].key);

	for (size_t i = 0; i < r->ds->nm; i++) {
		const struct measurement *m = &r->ds->m[i];
		const struct run *run = m->run;
		const char *letter = column_letter((size_t)strlist_find(&cl, value_of(m, r->axis)));
		char col[8];

		snprintf(col, sizeof col, "%s", letter);
		for (size_t k = 0; k < nkeys; k++) {
			const char *key = keys[k].key, *v = attrs_get(&run->facts, key);
			char *own = NULL;
			if (!shown[k])
				continue;
			if (strcmp(key, "kernel") == 0) {
				if (axis_is_kernel(r))
					continue;
				v = run->kernel;
			} else if (strcmp(key, "variant") == 0) {
				if (strcmp(r->axis, "variant") == 0 || strcmp(r->axis, KEY_KERNEL_VARIANT) == 0)
					continue;
				v = run->variant ? run->variant : "(none)";
			} else if (strcmp(key, "mkfs") == 0 && attrs_get(&m->attrs, "filesystem.mkfs_command")) {
				v = own = mkfs_profile(attrs_get(&m->attrs, "filesystem.mkfs_command"));
			} else if (strcmp(key, "mount options") == 0 && attrs_get(&m->attrs, "filesystem.mount_options")) {
				v = attrs_get(&m->attrs, "filesystem.mount_options");
			}
			add_fact(r, key, v ? v : "(unknown)", col);
			free(own);
		}
	}
	/* A fact that varies, but alike in every column (the kernel when the
	 * columns are filesystems and each kernel ran each), does not
	 * confound the comparison; nor do the mkfs command and mount options
	 * when the columns are filesystem settings.  The kernel's config and
	 * its build are part of the kernel: when the columns are kernels,
	 * they differ only if one column has two (the same release built
	 * twice, with no name to tell the builds apart).  So are the kernel
	 * and its variant themselves when each column is a kernel by another
	 * name (columns_are_kernels: the gate's sides). */
	for (size_t i = 0; i < r->nfacts; i++) {
		struct fact *f = &r->facts[i];
		if (strncmp(r->axis, "filesystem.", 11) == 0 &&
		    (strcmp(f->key, "mkfs") == 0 || strcmp(f->key, "mount options") == 0)) {
			f->follows_axis = true;
			continue;
		}
		if ((axis_is_kernel(r) || r->opt->columns_are_kernels) &&
		    (strcmp(f->key, "kernel config") == 0 || strcmp(f->key, "kernel build") == 0 ||
		     strcmp(f->key, "kernel") == 0 || strcmp(f->key, "variant") == 0)) {
			f->follows_axis = true;
			f->differs = column_with_two_values(f);
			continue;
		}
		for (size_t v = 1; v < f->nvalues; v++)
			if (strcmp(f->columns[v], f->columns[0]) != 0)
				f->differs = true;
	}
}

int report_build(struct report *r, struct dataset *ds, const struct options *o)
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
		strlist_add(&cols, value_of(&ds->m[i], r->axis));
		strlist_add(&workloads, ds->m[i].workload);
	}
	sort_values(cols.v, cols.n);
	r->cols = cols.v;
	r->ncols = cols.n;
	if (o->baseline) {
		ssize_t b = strlist_find(&cols, o->baseline);
		if (b < 0) {
			diag_error("--baseline: no column '%s' (columns by %s: %s%s)", o->baseline,
				   r->axis, cols.v[0], cols.n > 1 ? ", ..." : "");
			free(row_key);
			strlist_free(&workloads);
			return 2;
		}
		r->baseline = (size_t)b;
	}
	for (size_t w = 0; w < workloads.n; w++)
		build_workload(r, workloads.v[w], row_key);
	build_facts(r);
	free(row_key);
	strlist_free(&workloads);
	return 0;
}

void report_free(struct report *r)
{
	for (size_t t = 0; t < r->ntables; t++) {
		struct table *tb = &r->tables[t];
		for (size_t c = 0; c < tb->nrows * r->ncols; c++) {
			free(tb->cells[c].m);
			free(tb->cells[c].values);
			free(tb->cells[c].boot_values);
			free(tb->cells[c].warnings);
		}
		free(tb->cells);
		free(tb->cols);
		for (size_t i = 0; i < tb->nrows; i++)
			free(tb->rows[i]);
		free(tb->rows);
		free(tb->workload);
		free(tb->title);
		free(tb->metric);
		free(tb->unit);
		free(tb->row_key);
		attrs_free(&tb->fixed);
	}
	free(r->tables);
	for (size_t i = 0; i < r->ncols; i++)
		free(r->cols[i]);
	free(r->cols);
	for (size_t i = 0; i < r->nlegend; i++) {
		free(r->legend[i].code);
		free(r->legend[i].message);
	}
	free(r->legend);
	for (size_t i = 0; i < r->nfacts; i++) {
		for (size_t v = 0; v < r->facts[i].nvalues; v++) {
			free(r->facts[i].values[v]);
			free(r->facts[i].columns[v]);
		}
		free(r->facts[i].values);
		free(r->facts[i].columns);
		free(r->facts[i].key);
	}
	free(r->facts);
	free(r->axis);
}
