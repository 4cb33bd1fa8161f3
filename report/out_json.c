/* out_json.c: the report as one JSON object. */
#include "output.h"

#include "json.h"
#include "layout.h"

#include <math.h>
#include <stdlib.h>

static void number(struct json *j, const char *key, double v)
{
	if (isfinite(v))
		json_double(j, key, v);
	else
		json_null(j, key);
}

static void cell(struct json *j, const struct report *r, const struct table *t,
		 const struct cell *c, size_t col)
{
	json_object_begin(j, NULL);
	json_string(j, "column", r->cols[col]);
	json_int(j, "n", (long long)c->n);
	number(j, "median", c->d.median);
	number(j, "hmean", c->d.hmean);
	number(j, "mean", c->d.mean);
	number(j, "stddev", c->n > 1 ? c->d.stddev : NAN);
	number(j, "cov_pct", c->n > 1 ? c->d.cov : NAN);
	number(j, "min", c->d.min);
	number(j, "max", c->d.max);
	json_array_begin(j, "values");
	for (size_t i = 0; i < c->n; i++)
		json_double(j, NULL, c->values[i]);
	json_array_end(j);
	if (c->compared) {
		json_object_begin(j, "change");
		number(j, "median_pct", c->change_median);
		number(j, "hmean_pct", c->change_hmean);
		json_string(j, "verdict", verdict(t, c));
		if (c->basis == TEST_NONE) {
			json_null(j, "test");
		} else {
			json_object_begin(j, "test");
			json_string(j, "basis", c->basis == TEST_REPEATS ? "repeats" : "samples");
			json_int(j, "n", (long long)c->test_n);
			json_int(j, "baseline_n", (long long)c->test_base_n);
			number(j, "t", c->test.t);
			number(j, "df", c->test.df);
			number(j, "p", c->test.p);
			json_bool(j, "significant", c->significant);
			json_object_end(j);
		}
		json_object_end(j);
	}
	json_array_begin(j, "warnings");
	for (size_t w = 0; w < c->nwarnings; w++)
		json_int(j, NULL, c->warnings[w]);
	json_array_end(j);
	json_object_end(j);
}

void output_json(FILE *f, const struct report *r)
{
	struct json j;

	json_init(&j, f, true);
	json_object_begin(&j, NULL);
	json_string(&j, "format", "bootbench-report");
	json_int(&j, "format_version", 1);
	json_string(&j, "suite", report_suite(r));
	json_string(&j, "axis", r->axis);
	json_string(&j, "baseline", r->cols[r->baseline]);
	json_double(&j, "confidence_pct", r->opt->confidence);
	json_array_begin(&j, "columns");
	for (size_t c = 0; c < r->ncols; c++) {
		char *runs = column_runs(r, c);
		json_object_begin(&j, NULL);
		json_string(&j, "label", column_letter(c));
		json_string(&j, "value", r->cols[c]);
		json_string(&j, "runs", runs);
		json_object_end(&j);
		free(runs);
	}
	json_array_end(&j);
	json_array_begin(&j, "facts");
	for (size_t i = 0; i < r->nfacts; i++) {
		json_object_begin(&j, NULL);
		json_string(&j, "key", r->facts[i].key);
		json_bool(&j, "differs", r->facts[i].differs);
		json_array_begin(&j, "values");
		for (size_t v = 0; v < r->facts[i].nvalues; v++) {
			json_object_begin(&j, NULL);
			json_string(&j, "value", r->facts[i].values[v]);
			json_string(&j, "columns", r->facts[i].columns[v]);
			json_object_end(&j);
		}
		json_array_end(&j);
		json_object_end(&j);
	}
	json_array_end(&j);
	json_array_begin(&j, "tables");
	for (size_t ti = 0; ti < r->ntables; ti++) {
		const struct table *t = &r->tables[ti];
		json_object_begin(&j, NULL);
		json_string(&j, "workload", t->workload);
		json_string(&j, "title", t->title);
		json_object_begin(&j, "fixed");
		for (size_t k = 0; k < t->fixed.n; k++)
			json_string(&j, t->fixed.v[k].key, t->fixed.v[k].value);
		json_object_end(&j);
		json_string(&j, "metric", t->metric);
		json_string(&j, "unit", t->unit);
		json_bool(&j, "higher_is_better", t->higher_is_better);
		if (t->row_key)
			json_string(&j, "row_key", t->row_key);
		else
			json_null(&j, "row_key");
		json_array_begin(&j, "rows");
		for (size_t row = 0; row < t->nrows; row++) {
			json_object_begin(&j, NULL);
			json_string(&j, "value", t->rows[row]);
			json_array_begin(&j, "cells");
			for (size_t c = 0; c < r->ncols; c++)
				if (t->cells[row * r->ncols + c].n > 0)
					cell(&j, r, t, &t->cells[row * r->ncols + c], c);
			json_array_end(&j);
			json_object_end(&j);
		}
		json_array_end(&j);
		json_object_end(&j);
	}
	json_array_end(&j);
	json_array_begin(&j, "warnings");
	for (size_t i = 0; i < r->nlegend; i++) {
		json_object_begin(&j, NULL);
		json_int(&j, "id", (long long)i + 1);
		json_string(&j, "code", r->legend[i].code);
		json_string(&j, "message", r->legend[i].message);
		json_object_end(&j);
	}
	json_array_end(&j);
	json_object_end(&j);
	fputc('\n', f);
}
