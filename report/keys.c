/* SPDX-License-Identifier: GPL-2.0-only */
/* keys.c: what --by and --rows name (keys.h). */
#include "report/keys.h"

#include "common/cli.h"
#include "report/diag.h"
#include "report/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether key is name, or ends with "." name. */
static bool names(const char *key, const char *name)
{
	size_t kl = strlen(key), nl = strlen(name);

	return strcmp(key, name) == 0 ||
		(kl > nl && key[kl - nl - 1] == '.' && strcmp(key + kl - nl, name) == 0);
}

/* The keys of set (a struct attrs used as a set) that name name: exactly,
 * or else by their last parts. */
static void matches(const struct attrs *set, const char *name, struct attrs *hits)
{
	for (size_t i = 0; i < set->n; i++)
		if (strcmp(set->v[i].key, name) == 0)
			attrs_set(hits, name, "");
	if (hits->n > 0)
		return;
	for (size_t i = 0; i < set->n; i++)
		if (names(set->v[i].key, name))
			attrs_set(hits, set->v[i].key, "");
}

/* Every dotted path of a scalar in object o, under prefix, into set. */
static void json_paths(struct attrs *set, const char *prefix, const struct jr_value *o)
{
	for (size_t i = 0; o && o->type == JR_OBJECT && i < o->count; i++) {
		char *path = prefix ? xasprintf("%s.%s", prefix, o->keys[i]) : xstrdup(o->keys[i]);
		const struct jr_value *v = &o->items[i];

		if (v->type == JR_OBJECT)
			json_paths(set, path, v);
		else if (v->type != JR_ARRAY)
			attrs_set(set, path, "");
		free(path);
	}
}

/* The value of a run's fact at path, for its measurements' attributes. */
static void add_run_json_key(struct dataset *ds, const char *path)
{
	for (size_t i = 0; i < ds->nm; i++) {
		struct measurement *m = &ds->m[i];
		char *v = json_scalar_text(jr_path(m->run->json, path));

		if (v)
			attrs_set(&m->attrs, path, v);
		free(v);
	}
}

static void add_kernel_variant(struct dataset *ds)
{
	for (size_t i = 0; i < ds->nm; i++) {
		struct measurement *m = &ds->m[i];
		const char *v = attrs_get(&m->attrs, "variant");
		char *kv = xasprintf("%s%s%s", m->run->kernel, v ? " " : "", v ? v : "");

		attrs_set(&m->attrs, KEY_KERNEL_VARIANT, kv);
		free(kv);
	}
}

/* An object of run.json named where a fact was asked for: its keys. */
static bool an_object(const struct dataset *ds, const char *path, const char *what)
{
	for (size_t r = 0; r < ds->nruns; r++) {
		const struct jr_value *v = jr_path(ds->runs[r]->json, path);

		if (!v || v->type != JR_OBJECT)
			continue;
		fprintf(stderr, "%s: error: %s: %s is an object in run.json: name one of its keys:",
			cli_program, what, path);
		for (size_t i = 0; i < v->count && i < 8; i++)
			fprintf(stderr, "%s %s.%s", i ? "," : "", path, v->keys[i]);
		fprintf(stderr, "%s\n", v->count > 8 ? ", ..." : "");
		return true;
	}
	return false;
}

static void ambiguous(const char *what, const char *name, const struct attrs *hits)
{
	fail("%s: '%s' is ambiguous: %s, %s%s", what, name, hits->v[0].key, hits->v[1].key,
	     hits->n > 2 ? ", ..." : "");
}

char *key_resolve(struct dataset *ds, const char *name, const char *what)
{
	struct attrs keys = { 0 }, paths = { 0 }, hits = { 0 };
	char *out = NULL;

	if (strcmp(name, "kernel") == 0 || strcmp(name, "run") == 0 || strcmp(name, "variant") == 0 ||
	    strcmp(name, "argument") == 0)
		return xstrdup(name);
	if (strcmp(name, KEY_KERNEL_VARIANT) == 0) {
		add_kernel_variant(ds);
		return xstrdup(name);
	}
	if (strcmp(name, "fs") == 0 || strcmp(name, "filesystem") == 0)
		return xstrdup("filesystem.type");
	if (strcmp(name, "scheduler") == 0)
		return xstrdup("filesystem.scheduler");
	for (size_t i = 0; i < ds->nm; i++)
		for (size_t k = 0; k < ds->m[i].attrs.n; k++)
			attrs_set(&keys, ds->m[i].attrs.v[k].key, "");
	matches(&keys, name, &hits);
	if (hits.n == 0) {
		/* Not a key of the results: a fact of run.json. */
		for (size_t r = 0; r < ds->nruns; r++)
			json_paths(&paths, NULL, ds->runs[r]->json);
		matches(&paths, name, &hits);
		if (hits.n == 1)
			add_run_json_key(ds, hits.v[0].key);
	}
	if (hits.n == 1) {
		out = xstrdup(hits.v[0].key);
	} else if (hits.n > 1) {
		ambiguous(what, name, &hits);
	} else if (!an_object(ds, name, what)) {
		fprintf(stderr, "%s: error: %s: no key '%s' in the results or run.json; keys:",
			cli_program, what, name);
		for (size_t i = 0; i < keys.n; i++)
			if (strcmp(keys.v[i].key, "run") != 0 && strcmp(keys.v[i].key, "argument") != 0)
				fprintf(stderr, " %s", keys.v[i].key);
		fprintf(stderr, "; or a fact of run.json by its path (kernel.clocksource, "
			"kernel.mitigations.meltdown, ...)\n");
	}
	attrs_free(&hits);
	attrs_free(&paths);
	attrs_free(&keys);
	return out;
}

const char *key_default_axis(const struct dataset *ds)
{
	for (size_t i = 1; i < ds->nruns; i++) {
		const char *a = ds->runs[0]->variant, *b = ds->runs[i]->variant;

		if ((a || b) && (!a || !b || strcmp(a, b) != 0))
			return KEY_KERNEL_VARIANT;
	}
	return "kernel";
}

const char *key_value(const struct measurement *m, const char *key)
{
	const char *v = attrs_get(&m->attrs, key);

	return v ? v : "(none)";
}
