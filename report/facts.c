/* SPDX-License-Identifier: GPL-2.0-only */
/* facts.c: the facts of the runs, by column (facts.h). */
#include "report/facts.h"

#include "report/keys.h"
#include "report/strlist.h"
#include "report/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether the columns are kernels: the kernel, or the kernel and its
 * variant. */
static bool axis_is_kernel(const struct report *r)
{
	return strcmp(r->axis, "kernel") == 0 || strcmp(r->axis, KEY_KERNEL_VARIANT) == 0;
}

/* Column letters in column order: "B" < "Z" < "AA". */
static int cmp_letters(const void *a, const void *b)
{
	const char *x = *(char *const *)a, *y = *(char *const *)b;
	size_t lx = strlen(x), ly = strlen(y);

	return lx != ly ? (lx > ly) - (lx < ly) : strcmp(x, y);
}

/* The fact of key, added at the end if it is new. */
static struct fact *fact_of(struct report *r, const char *key)
{
	struct fact *f;

	for (size_t i = 0; i < r->nfacts; i++)
		if (strcmp(r->facts[i].key, key) == 0)
			return &r->facts[i];
	r->facts = xrealloc(r->facts, (r->nfacts + 1) * sizeof *r->facts);
	f = &r->facts[r->nfacts++];
	memset(f, 0, sizeof *f);
	f->key = xstrdup(key);
	return f;
}

/* Whether word is one of the space-separated words of list. */
static bool has_word(const char *list, const char *word)
{
	size_t wl = strlen(word);

	for (const char *p = list; (p = strstr(p, word)); p += wl)
		if ((p == list || p[-1] == ' ') && (p[wl] == '\0' || p[wl] == ' '))
			return true;
	return false;
}

/* The words of list sorted in column order; list is freed. */
static char *sorted_letters(char *list)
{
	char *words[256], *save = NULL, *copy = xstrdup(list), *out;
	size_t nw = 0, len = 0;

	for (char *w = strtok_r(copy, " ", &save); w && nw < 256; w = strtok_r(NULL, " ", &save))
		words[nw++] = w;
	qsort(words, nw, sizeof *words, cmp_letters);
	out = xcalloc(1, strlen(list) + 1);
	for (size_t i = 0; i < nw; i++)
		len += (size_t)sprintf(out + len, "%s%s", i ? " " : "", words[i]);
	free(list);
	free(copy);
	return out;
}

/* Column col has value of fact key. */
static void add_fact(struct report *r, const char *key, const char *value, const char *col)
{
	struct fact *f = fact_of(r, key);
	size_t v;

	for (v = 0; v < f->nvalues && strcmp(f->values[v], value) != 0; v++)
		;
	if (v == f->nvalues) {
		f->values = xrealloc(f->values, (v + 1) * sizeof *f->values);
		f->columns = xrealloc(f->columns, (v + 1) * sizeof *f->columns);
		f->values[v] = xstrdup(value);
		f->columns[v] = xstrdup("");
		f->nvalues++;
	}
	if (has_word(f->columns[v], col))
		return;
	char *list = f->columns[v];
	f->columns[v] = sorted_letters(*list ? xasprintf("%s %s", list, col) : xstrdup(col));
	free(list);
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
 * ("clock" "host": run_facts.c gives the fact to instruction time alone,
 * so that the header of runs all in the host's time does not change). */
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
			for (size_t u = v + 1; u < f->nvalues && !two; u++)
				two = has_word(f->columns[u], w);
		free(copy);
		if (two)
			return true;
	}
	return false;
}

/* The facts in the header's order.  always: listed as "(unknown)" where a
 * run lacks it; the others only when some run records them (run.json has
 * had them since the image recorded its build and the kernel's settings). */
static const struct { const char *key; bool always; } fact_keys[] = {
	{ "kernel", true }, { "variant", false }, { "clock", false }, { "kernel config", false },
	{ "kernel build", false },
	{ "mitigations", false },
	{ "THP", false }, { "clocksource", false }, { "profile", false },
	{ "CPU", true }, { "NUMA nodes", false },
	{ "RAM", true }, { "target", true }, { "image", false }, { "PostgreSQL", true },
	{ "PostgreSQL build", false }, { "mkfs", true }, { "mount options", true },
	{ "host", false }, { "host load", false },
};
#define NFACT_KEYS (sizeof fact_keys / sizeof *fact_keys)

/* Each fact of the run of m, in the column of m. */
static void add_facts_of(struct report *r, const struct measurement *m, const bool *shown)
{
	struct strlist cl = { r->cols, r->ncols, r->ncols };
	const struct run *run = m->run;
	const char *letter = column_letter((size_t)strlist_find(&cl, key_value(m, r->axis)));
	char col[8];

	snprintf(col, sizeof col, "%s", letter);
	for (size_t k = 0; k < NFACT_KEYS; k++) {
		const char *key = fact_keys[k].key, *v = attrs_get(&run->facts, key);
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
 * columns are filesystems and each kernel ran each), does not confound
 * the comparison; nor do the mkfs command and mount options when the
 * columns are filesystem settings.  The kernel's config and its build are
 * part of the kernel: when the columns are kernels, they differ only if
 * one column has two (the same release built twice, with no name to tell
 * the builds apart).  So are the kernel and its variant themselves when
 * each column is a kernel by another name (columns_are_kernels: the
 * gate's sides). */
static void fact_judge(const struct report *r, struct fact *f)
{
	if (strncmp(r->axis, "filesystem.", 11) == 0 &&
	    (strcmp(f->key, "mkfs") == 0 || strcmp(f->key, "mount options") == 0)) {
		f->follows_axis = true;
		return;
	}
	if ((axis_is_kernel(r) || r->opt->columns_are_kernels) &&
	    (strcmp(f->key, "kernel config") == 0 || strcmp(f->key, "kernel build") == 0 ||
	     strcmp(f->key, "kernel") == 0 || strcmp(f->key, "variant") == 0)) {
		f->follows_axis = true;
		f->differs = column_with_two_values(f);
		return;
	}
	for (size_t v = 1; v < f->nvalues; v++)
		if (strcmp(f->columns[v], f->columns[0]) != 0)
			f->differs = true;
}

void facts_build(struct report *r)
{
	bool shown[NFACT_KEYS];

	fill_facts(r->ds, "profile", "none");
	fill_facts(r->ds, "clock", "host");
	for (size_t k = 0; k < NFACT_KEYS; k++)
		shown[k] = fact_keys[k].always || some_run_has(r->ds, fact_keys[k].key);
	for (size_t i = 0; i < r->ds->nm; i++)
		add_facts_of(r, &r->ds->m[i], shown);
	for (size_t i = 0; i < r->nfacts; i++)
		fact_judge(r, &r->facts[i]);
}
