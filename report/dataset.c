/* SPDX-License-Identifier: GPL-2.0-only */
/* dataset.c: attributes, and the runs and measurements sorted and freed (dataset.h). */
#include "report/dataset.h"

#include "report/util.h"

#include <stdlib.h>
#include <string.h>

void attrs_set(struct attrs *a, const char *key, const char *value)
{
	for (size_t i = 0; i < a->n; i++) {
		if (strcmp(a->v[i].key, key) == 0) {
			free(a->v[i].value);
			a->v[i].value = xstrdup(value);
			return;
		}
	}
	grow(&a->v, &a->cap, a->n + 1, sizeof *a->v);
	a->v[a->n].key = xstrdup(key);
	a->v[a->n].value = xstrdup(value);
	a->n++;
}

const char *attrs_get(const struct attrs *a, const char *key)
{
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->v[i].key, key) == 0)
			return a->v[i].value;
	return NULL;
}

void attrs_free(struct attrs *a)
{
	for (size_t i = 0; i < a->n; i++) {
		free(a->v[i].key);
		free(a->v[i].value);
	}
	free(a->v);
	memset(a, 0, sizeof *a);
}

char *json_scalar_text(const struct jr_value *v)
{
	if (!v)
		return NULL;
	switch (v->type) {
	case JR_STRING: return xstrdup(v->string);
	case JR_NUMBER: return xasprintf("%.15g", v->number);
	case JR_BOOL: return xstrdup(v->boolean ? "true" : "false");
	case JR_NULL: return xstrdup("null");
	default: return NULL;
	}
}

void measurement_free(struct measurement *m)
{
	free(m->source);
	free(m->workload);
	free(m->id);
	attrs_free(&m->attrs);
	free(m->metric);
	free(m->unit);
	jr_free(m->json);
	free(m->series);
	for (size_t i = 0; i < m->nwarnings; i++) {
		free(m->warnings[i].code);
		free(m->warnings[i].message);
	}
	free(m->warnings);
}

void run_free(struct run *r)
{
	free(r->path);
	free(r->name);
	free(r->argument);
	jr_free(r->json);
	free(r->kernel);
	free(r->variant);
	free(r->suite);
	free(r->status);
	free(r->reason);
	free(r->clock);
	attrs_free(&r->facts);
	free(r);
}

static int cmp_runs(const void *a, const void *b)
{
	const struct run *x = *(struct run *const *)a, *y = *(struct run *const *)b;
	int c = strcmp(x->name, y->name);

	return c ? c : strcmp(x->path, y->path);
}

static int cmp_measurements(const void *a, const void *b)
{
	const struct measurement *x = a, *y = b;
	int c = cmp_runs(&x->run, &y->run);

	return c ? c : (x->line > y->line) - (x->line < y->line);
}

void dataset_sort(struct dataset *ds)
{
	/* an empty dataset has NULL arrays, which qsort must not be given */
	if (ds->nruns > 1)
		qsort(ds->runs, ds->nruns, sizeof *ds->runs, cmp_runs);
	if (ds->nm > 1)
		qsort(ds->m, ds->nm, sizeof *ds->m, cmp_measurements);
}

void dataset_free(struct dataset *ds)
{
	for (size_t i = 0; i < ds->nm; i++)
		measurement_free(&ds->m[i]);
	free(ds->m);
	for (size_t i = 0; i < ds->nruns; i++)
		run_free(ds->runs[i]);
	free(ds->runs);
	memset(ds, 0, sizeof *ds);
}
