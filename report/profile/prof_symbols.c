/* SPDX-License-Identifier: GPL-2.0-only */
/* prof_symbols.c: the objects of a profile without symbols (prof_symbols.h). */
#include "report/profile/prof_symbols.h"

#include "report/profile/buildid.h"
#include "report/profile/perf_script.h"
#include "report/util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* An object of the profile's samples: its samples (taken in it), and
 * of its frames those without a symbol and all. */
struct object {
	const char *dso;
	enum func_kind kind;
	unsigned long long samples, unknown, frames;
};

static struct object *object_of(struct object **v, size_t *n, const struct func *f)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*v)[i].dso, f->dso) == 0)
			return &(*v)[i];
	*v = xrealloc(*v, (*n + 1) * sizeof **v);
	(*v)[*n] = (struct object){ f->dso, f->kind, 0, 0, 0 };
	return &(*v)[(*n)++];
}

static void add(struct prof_cell *c, const char *path, char *why, unsigned long long samples)
{
	for (size_t i = 0; i < c->nnosym; i++)
		if (strcmp(c->nosym[i].path, path) == 0 && strcmp(c->nosym[i].why, why) == 0) {
			c->nosym[i].samples += samples;
			free(why);
			return;
		}
	c->nosym = xrealloc(c->nosym, (c->nnosym + 1) * sizeof *c->nosym);
	c->nosym[c->nnosym++] = (struct prof_object){ xstrdup(path), why, samples };
}

/* The build id perf recorded for path, "" if none. */
static const char *recorded_id(const struct perf_object *obj, size_t n, const char *path)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(obj[i].path, path) == 0)
			return obj[i].build_id;
	return "";
}

/* Why the copy of the object at path in symfs cannot name its
 * functions (a new string), or NULL if it can. */
static char *copy_problem(const char *path, const char *build_id, const char *symfs)
{
	char *copy, *id, *why = NULL;
	struct stat st;

	if (!symfs)
		return xstrdup("no symbols directory (the image build's out/symbols, or --symbols)");
	copy = xasprintf("%s%s", symfs, path);
	if (stat(copy, &st) != 0) {
		why = xasprintf("no copy in %s", symfs);
	} else if (!(id = elf_build_id(copy))) {
		why = xasprintf("the copy %s has no build id", copy);
	} else {
		if (*build_id && strcmp(id, build_id) != 0)
			why = xasprintf("the copy in %s is another build (build id %.12s, profiled %.12s)",
					symfs, id, build_id);
		free(id);
	}
	free(copy);
	return why;
}

int prof_symbols_check(struct prof_cell *c, const char *data, const struct funcs *fs,
		       const struct stacks *s, const char *symfs, const char *kallsyms,
		       char **error)
{
	struct perf_object *ids;
	struct object *obj = NULL;
	size_t nids, n = 0;

	if (perf_objects(data, &ids, &nids, error) != 0)
		return -1;
	for (size_t i = 0; i < s->n; i++) {
		const struct stack *st = &s->v[i];
		for (size_t k = 0; k < st->nframes; k++) {
			const struct func *f = &fs->v[st->frames[k]];
			struct object *o = object_of(&obj, &n, f);
			o->frames += st->count;
			o->unknown += f->unknown ? st->count : 0;
			o->samples += k + 1 == st->nframes ? st->count : 0;
		}
	}
	for (size_t i = 0; i < n; i++) {
		const struct object *o = &obj[i];
		char *why = NULL;

		if (o->unknown == 0 || strcmp(o->dso, "[unknown]") == 0)
			continue;
		if (o->kind == KIND_KERNEL && !kallsyms)
			why = xstrdup("no kallsyms saved in the run (profiles/kallsyms)");
		else if (o->dso[0] == '/')
			why = copy_problem(o->dso, recorded_id(ids, nids, o->dso), symfs);
		else if (strcmp(o->dso, "[vdso]") == 0)
			why = xstrdup("the kernel's vDSO: perf keeps no copy of it");
		/* A copy that should do, but perf named few of its frames. */
		if (!why && 2 * o->unknown > o->frames)
			why = xstrdup("most of its frames have no symbol");
		if (why)
			add(c, o->dso, why, o->samples);
	}
	free(obj);
	perf_objects_free(ids, nids);
	return 0;
}
