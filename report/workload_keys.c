/* SPDX-License-Identifier: GPL-2.0-only */
/* workload_keys.c: the row key and the splits of a workload (workload_keys.h). */
#include "report/workload_keys.h"

#include "report/keys.h"
#include "report/util.h"

#include <stdlib.h>
#include <string.h>

/* Whether key is no key of a case: the axis, where a measurement comes
 * from, the kernel and its variant when the columns tell them apart, and
 * the mkfs command (it names the device: a fact, not a case key). */
static bool left_out(const char *axis, const char *key)
{
	if (strcmp(key, "filesystem.mkfs_command") == 0)
		return true;
	return strcmp(key, axis) == 0 || strcmp(key, "run") == 0 ||
		strcmp(key, "argument") == 0 ||
		((strcmp(axis, "run") == 0 || strcmp(axis, "argument") == 0) &&
		 (strcmp(key, "kernel") == 0 || strcmp(key, "variant") == 0)) ||
		(strcmp(axis, KEY_KERNEL_VARIANT) == 0 &&
		 (strcmp(key, "kernel") == 0 || strcmp(key, "variant") == 0));
}

static void collect_keys(struct workload_keys *wk, const struct report *r, const size_t *idx,
			 size_t n)
{
	size_t cap = 0;

	for (size_t i = 0; i < n; i++) {
		const struct measurement *m = &r->ds->m[idx[i]];
		for (size_t k = 0; k < m->attrs.n; k++) {
			const char *key = m->attrs.v[k].key;
			size_t j;
			if (left_out(r->axis, key))
				continue;
			for (j = 0; j < wk->n && strcmp(wk->v[j].key, key) != 0; j++)
				;
			if (j == wk->n) {
				grow(&wk->v, &cap, wk->n + 1, sizeof *wk->v);
				memset(&wk->v[wk->n], 0, sizeof *wk->v);
				wk->v[wk->n++].key = xstrdup(key);
			}
		}
	}
	for (size_t j = 0; j < wk->n; j++)
		for (size_t i = 0; i < n; i++)
			strlist_add(&wk->v[j].values, key_value(&r->ds->m[idx[i]], wk->v[j].key));
}

/* row_opt if the workload has it; else clients if it varies, else the
 * first key of the case that varies (not a fact of run.json, the kernel
 * or the variant), else any key that varies. */
static const char *pick_row_key(const struct workload_keys *wk, const char *row_opt)
{
	if (row_opt) {
		const char *found = NULL;
		for (size_t k = 0; k < wk->n; k++)
			if (strcmp(wk->v[k].key, row_opt) == 0)
				found = wk->v[k].key;
		return found;
	}
	for (size_t k = 0; k < wk->n; k++)
		if (strcmp(wk->v[k].key, "clients") == 0 && wk->v[k].values.n > 1)
			return wk->v[k].key;
	for (size_t k = 0; k < wk->n; k++)
		if (wk->v[k].values.n > 1 && !strchr(wk->v[k].key, '.') &&
		    strcmp(wk->v[k].key, "kernel") != 0 && strcmp(wk->v[k].key, "variant") != 0)
			return wk->v[k].key;
	for (size_t k = 0; k < wk->n; k++)
		if (wk->v[k].values.n > 1)
			return wk->v[k].key;
	return NULL;
}

/* Whether key's value follows from the value of from in idx[0..n). */
static bool follows(const struct report *r, const size_t *idx, size_t n,
		    const char *key, const char *from)
{
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			const struct measurement *a = &r->ds->m[idx[i]], *b = &r->ds->m[idx[j]];
			if (strcmp(key_value(a, from), key_value(b, from)) == 0 &&
			    strcmp(key_value(a, key), key_value(b, key)) != 0)
				return false;
		}
	return true;
}

void workload_keys_find(struct workload_keys *wk, const struct report *r, const size_t *idx,
			size_t n, const char *row_opt)
{
	memset(wk, 0, sizeof *wk);
	collect_keys(wk, r, idx, n);
	wk->row_key = pick_row_key(wk, row_opt);
	for (size_t k = 0; k < wk->n; k++) {
		const char *key = wk->v[k].key;
		wk->v[k].splits = wk->v[k].values.n > 1 && key != wk->row_key &&
			!(wk->row_key && follows(r, idx, n, key, wk->row_key)) &&
			!follows(r, idx, n, key, r->axis);
	}
}

char *workload_keys_table(const struct workload_keys *wk, const struct measurement *m)
{
	size_t len = 1;
	char *tk;

	for (size_t k = 0; k < wk->n; k++)
		if (wk->v[k].splits)
			len += strlen(key_value(m, wk->v[k].key)) + 1;
	tk = xcalloc(1, len);
	for (size_t k = 0; k < wk->n; k++)
		if (wk->v[k].splits) {
			strcat(tk, key_value(m, wk->v[k].key));
			strcat(tk, "\x1f");
		}
	return tk;
}

void workload_keys_free(struct workload_keys *wk)
{
	for (size_t k = 0; k < wk->n; k++) {
		free(wk->v[k].key);
		strlist_free(&wk->v[k].values);
	}
	free(wk->v);
	memset(wk, 0, sizeof *wk);
}
