/* SPDX-License-Identifier: GPL-2.0-only */
/* out_json.c: the report as one JSON object. */
#include "report/output.h"

#include "common/json.h"
#include "report/clocks.h"
#include "report/layout.h"
#include "report/monitors.h"
#include "report/profile/prof_output.h"

#include <math.h>
#include <stdlib.h>

static void number(struct json *j, const char *key, double v)
{
	if (isfinite(v))
		json_double(j, key, v);
	else
		json_null(j, key);
}

/* Within-boot information: never a claim (compare.h). */
static void within(struct json *j, const struct cell *c)
{
	const struct comparison *k = &c->within;

	json_object_begin(j, "within_boot");
	if (k->basis == TEST_NONE) {
		json_string(j, "no_test", within_no_claim_code(c));
		json_object_end(j);
		return;
	}
	json_null(j, "no_test");
	json_string(j, "basis", basis_name(k->basis));
	json_int(j, "n", (long long)k->n);
	json_int(j, "baseline_n", (long long)k->base_n);
	if (k->basis == TEST_BATCHES) {
		json_int(j, "batch_len", (long long)k->batches.len);
		json_int(j, "baseline_batch_len", (long long)k->base_batches.len);
		number(j, "autocorrelation", k->batches.r1);
		number(j, "baseline_autocorrelation", k->base_batches.r1);
		number(j, "batch_means_autocorrelation", k->batches_r1);
	}
	json_bool(j, "bounded", k->ci.bounded);
	number(j, "low_pct", k->ci.bounded ? k->ci.lo : NAN);
	number(j, "high_pct", k->ci.bounded ? k->ci.hi : NAN);
	number(j, "p", k->test.p);
	json_object_end(j);
}

/* Cell c of column col; t is its table for a headline cell, NULL for a
 * monitor's, which has no better or worse. */
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
	json_int(j, "boots", (long long)c->boots);
	json_array_begin(j, "boot_values");
	for (size_t i = 0; i < c->boots; i++)
		json_double(j, NULL, c->boot_values[i]);
	json_array_end(j);
	number(j, "boot_cov_pct", c->boot_cov);
	number(j, "within_boot_cov_pct", c->within_cov);
	if (c->compared) {
		json_object_begin(j, "change");
		number(j, "median_pct", c->change_median);
		number(j, "hmean_pct", c->change_hmean);
		number(j, "mean_pct", c->cmp.change);
		if (t)
			json_string(j, "verdict", verdict(t, c));
		json_double(j, "threshold_pct", c->cmp.threshold);
		json_bool(j, "marked", c->cmp.marked);
		if (c->cmp.basis == TEST_NONE) {
			json_string(j, "no_claim", no_claim_code(c));
			json_null(j, "interval");
			json_null(j, "test");
		} else {
			const struct comparison *k = &c->cmp;
			json_null(j, "no_claim");
			json_object_begin(j, "interval");
			json_double(j, "confidence_pct", r->opt->confidence);
			json_bool(j, "bounded", k->ci.bounded);
			number(j, "low_pct", k->ci.bounded ? k->ci.lo : NAN);
			number(j, "high_pct", k->ci.bounded ? k->ci.hi : NAN);
			json_object_end(j);
			json_object_begin(j, "test");
			json_string(j, "basis", basis_name(k->basis));
			json_int(j, "n", (long long)k->n);
			json_int(j, "baseline_n", (long long)k->base_n);
			number(j, "t", k->test.t);
			number(j, "df", k->test.df);
			number(j, "p", k->test.p);
			json_bool(j, "significant", k->significant);
			json_object_end(j);
		}
		within(j, c);
		json_object_end(j);
	}
	json_array_begin(j, "warnings");
	for (size_t w = 0; w < c->nwarnings; w++)
		json_int(j, NULL, c->warnings[w]);
	json_array_end(j);
	json_object_end(j);
}

/* --monitors: the cells of each monitor of a row. */
static void monitors(struct json *j, const struct report *r, const struct table *t, size_t row)
{
	json_array_begin(j, "monitors");
	for (size_t k = 0; k < t->nmonitors; k++) {
		json_object_begin(j, NULL);
		json_string(j, "name", t->monitor_names[k]);
		json_string(j, "figure", "mean");
		json_array_begin(j, "cells");
		for (size_t c = 0; c < r->ncols; c++)
			if (monitor_cell(r, t, k, row, c)->n > 0)
				cell(j, r, NULL, monitor_cell(r, t, k, row, c), c);
		json_array_end(j);
		json_object_end(j);
	}
	json_array_end(j);
}

void output_json(FILE *f, const struct report *r)
{
	struct json j;

	json_init(&j, f, true);
	json_object_begin(&j, NULL);
	json_string(&j, "format", "bootbench-report");
	json_int(&j, "format_version", 1);
	json_string(&j, "suite", report_suite(r));
	if (r->opt->case_id)
		json_string(&j, "case", r->opt->case_id);
	else
		json_null(&j, "case");
	if (r->opt->metric)
		json_string(&j, "metric", r->opt->metric);
	else
		json_null(&j, "metric");
	int shift;
	char *note = clocks_note(r->ds);
	json_object_begin(&j, "clock");
	json_string(&j, "mode", clocks_mode(r->ds, &shift));
	if (shift >= 0)
		json_int(&j, "shift", shift);
	else
		json_null(&j, "shift");
	json_string_or_null(&j, "note", note);
	json_object_end(&j);
	free(note);
	json_string(&j, "axis", r->axis);
	json_string(&j, "baseline", r->cols[r->baseline]);
	json_double(&j, "confidence_pct", r->opt->confidence);
	json_double(&j, "threshold_pct", r->opt->threshold.all);
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
		json_bool(&j, "follows_axis", r->facts[i].follows_axis);
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
			if (monitors_shown(r, t))
				monitors(&j, r, t, row);
			output_profile_json(&j, r, ti, row);
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
