/* SPDX-License-Identifier: GPL-2.0-only */
/* prof_json.c: --profile in the JSON report, per row (prof_output.h). */
#include "report/profile/prof_output.h"

#include "report/profile/profile.h"

#include <math.h>

static void number(struct json *j, const char *key, double v)
{
	if (isfinite(v))
		json_double(j, key, v);
	else
		json_null(j, key);
}

/* A change against the baseline, or null. */
static void change(struct json *j, const char *key, const struct prof_change *c)
{
	if (!c->compared) {
		json_null(j, key);
		return;
	}
	json_object_begin(j, key);
	number(j, "points", c->change);
	if (c->interval) {
		json_object_begin(j, "interval");
		number(j, "low", c->lo);
		number(j, "high", c->hi);
		json_object_end(j);
	} else {
		json_null(j, "interval");
	}
	if (c->claim)
		json_bool(j, "exceeds_spread", c->exceeds);
	else
		json_null(j, "exceeds_spread");
	json_object_end(j);
}

static void func(struct json *j, const struct funcs *fs, uint32_t f)
{
	json_string(j, "function", fs->v[f].name);
	json_string(j, "object", fs->v[f].dso);
	json_string(j, "kind", kind_names[fs->v[f].kind]);
}

static void cell(struct json *j, const struct report *r, const struct prof_cell *c, size_t col)
{
	const struct funcs *fs = &r->profiles->funcs;
	bool base = col == r->baseline;

	json_object_begin(j, NULL);
	json_string(j, "column", r->cols[col]);
	json_int(j, "profiles", (long long)c->nprofiles);
	json_int(j, "boots", (long long)c->boots);
	json_int(j, "samples", (long long)c->samples);
	json_string_or_null(j, "event", c->event);
	if (c->frequency > 0)
		json_double(j, "frequency", c->frequency);
	else
		json_null(j, "frequency");
	json_string_or_null(j, "call_graph", c->call_graph);
	json_object_begin(j, "shares_pct");
	for (int k = 0; k < NKINDS; k++)
		number(j, kind_names[k], c->nprofiles ? c->kind_pct[k] : NAN);
	number(j, "idle", c->nprofiles ? c->idle_pct : NAN);
	json_object_end(j);
	if (!base) {
		json_object_begin(j, "shares_change");
		for (int k = 0; k < NKINDS; k++)
			change(j, kind_names[k], &c->kind_change[k]);
		change(j, "idle", &c->idle_change);
		json_object_end(j);
	}
	json_object_begin(j, "top");
	for (int k = 0; k < NKINDS; k++) {
		json_array_begin(j, kind_names[k]);
		for (size_t i = 0; i < c->ntop[k]; i++) {
			json_object_begin(j, NULL);
			func(j, fs, c->top[k][i].func);
			number(j, "self_pct", c->top[k][i].self);
			number(j, "total_pct", c->top[k][i].total);
			json_object_end(j);
		}
		json_array_end(j);
	}
	json_object_end(j);
	if (!base) {
		json_array_begin(j, "movers");
		for (size_t i = 0; i < c->nmovers; i++) {
			const struct prof_mover *m = &c->movers[i];
			json_object_begin(j, NULL);
			func(j, fs, m->func);
			number(j, "baseline_self_pct", m->base);
			number(j, "self_pct", m->value);
			change(j, "self_change", &m->self);
			number(j, "total_change_points", m->total_change);
			json_object_end(j);
		}
		json_array_end(j);
	}
	json_array_begin(j, "no_symbols");
	for (size_t i = 0; i < c->nnosym; i++) {
		json_object_begin(j, NULL);
		json_string(j, "object", c->nosym[i].path);
		json_string(j, "why", c->nosym[i].why);
		json_int(j, "samples", (long long)c->nosym[i].samples);
		json_object_end(j);
	}
	json_array_end(j);
	json_array_begin(j, "not_read");
	for (size_t i = 0; i < c->nerrors; i++)
		json_string(j, NULL, c->errors[i]);
	json_array_end(j);
	json_string_or_null(j, "folded", c->folded);
	json_object_end(j);
}

void output_profile_json(struct json *j, const struct report *r, size_t t, size_t row)
{
	if (!r->profiles)
		return;
	if (!prof_row_shown(r, t, row)) {
		json_null(j, "profile");
		return;
	}
	json_object_begin(j, "profile");
	json_string(j, "case", prof_case(r, t, row));
	json_string_or_null(j, "symbols", r->profiles->symfs);
	json_array_begin(j, "cells");
	for (size_t col = 0; col < r->ncols; col++) {
		const struct prof_cell *c = prof_cell(r, t, row, col);
		if (c->nprofiles || c->nerrors)
			cell(j, r, c, col);
	}
	json_array_end(j);
	json_object_end(j);
}
