/* SPDX-License-Identifier: GPL-2.0-only */
/* profile.c: --profile, the profiles of each case read (profile.h). */
#include "report/profile/profile.h"

#include "report/diag.h"
#include "report/profile/perf_script.h"
#include "report/profile/prof_shares.h"
#include "report/profile/prof_symbols.h"
#include "report/util.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
}

static const struct jr_value *profile_of(const struct measurement *m)
{
	const struct jr_value *p = jr_get(m->json, "profile");

	return p && p->type == JR_OBJECT ? p : NULL;
}

/* The symbols directory: --symbols, else symbols/ beside the directory
 * of the report's program (out/symbols for out/bin/bootbench-report) if
 * there is one.  False after an error message. */
static bool symbols_dir(const struct report_options *o, char **out)
{
	char exe[PATH_MAX], *dir;
	ssize_t n;

	*out = NULL;
	if (o->symbols) {
		if (!is_dir(o->symbols)) {
			fail("--symbols: \"%s\" is not a directory", o->symbols);
			return false;
		}
		*out = realpath(o->symbols, NULL);
		if (!*out)
			*out = xstrdup(o->symbols);
		return true;
	}
	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n <= 0)
		return true;
	exe[n] = '\0';
	for (int up = 0; up < 2; up++)
		if (strrchr(exe, '/'))
			*strrchr(exe, '/') = '\0';
	dir = xasprintf("%s/symbols", exe);
	if (is_dir(dir))
		*out = dir;
	else
		free(dir);
	return true;
}

static void add_error(struct prof_cell *c, char *message)
{
	c->errors = xrealloc(c->errors, (c->nerrors + 1) * sizeof *c->errors);
	c->errors[c->nerrors++] = message;
}

/* The settings of the profile p into c, from the first that has them. */
static void settings(struct prof_cell *c, const struct jr_value *p)
{
	const char *event = jr_str(jr_get(p, "event")), *cg = jr_str(jr_get(p, "call_graph"));

	if (!c->event && event)
		c->event = xstrdup(event);
	if (!c->call_graph && cg)
		c->call_graph = xstrdup(cg);
	if (c->frequency == 0)
		jr_num(jr_get(p, "frequency"), &c->frequency);
}

/* Read the profile of measurement m into the boot's stacks *boot; false
 * (the cell's error, a warning) when there is none or it cannot be read. */
static bool read_one(struct profiles *ps, struct prof_cell *c, const struct measurement *m,
		     struct stacks *boot)
{
	const struct jr_value *p = profile_of(m);
	const char *file = jr_str(jr_get(p, "file")), *err = jr_str(jr_get(p, "error"));
	char *data, *kallsyms, *error = NULL;
	struct stacks s = { 0 };
	struct perf_request rq;
	struct stat st;

	if (!file) {
		add_error(c, xasprintf("%s: %s: no profile: %s", m->run->name, m->id,
				       err ? err : "no file named"));
		return false;
	}
	data = xasprintf("%s/%s", m->run->path, file);
	kallsyms = xasprintf("%s/profiles/kallsyms", m->run->path);
	rq = (struct perf_request){ data, ps->symfs, is_file(kallsyms) ? kallsyms : NULL };
	if (stat(data, &st) != 0) {
		error = xasprintf("cannot be read: %s", strerror(errno));
	} else if (!S_ISREG(st.st_mode) || st.st_size == 0) {
		error = xstrdup("empty or not a file");
	} else if (perf_script_read(&rq, &ps->funcs, &s, &error) == 0 && s.samples == 0) {
		error = xstrdup("no samples");
	}
	if (!error)
		prof_symbols_check(c, data, &ps->funcs, &s, rq.symfs, rq.kallsyms, &error);
	if (error) {
		warning_at(data, 0, "%s; profile skipped", error);
		add_error(c, xasprintf("%s/%s: %s", m->run->name, file, error));
	} else {
		settings(c, p);
		stacks_merge(boot, &s);
		c->nprofiles++;
	}
	stacks_free(&s);
	free(error);
	free(kallsyms);
	free(data);
	return !error;
}

/* The profiles of a headline cell: each boot's (its repeats together). */
static void read_cell(struct profiles *ps, const struct report *r, const struct cell *hc,
		      struct prof_cell *c, struct stacks **boots, const struct run ***runs)
{
	*boots = NULL;
	*runs = NULL;
	for (size_t i = 0; i < hc->n; i++) {
		const struct measurement *m = &r->ds->m[hc->m[i]];
		size_t b = 0;
		if (!profile_of(m))
			continue;
		while (b < c->boots && (*runs)[b] != m->run)
			b++;
		if (b == c->boots) {
			*boots = xrealloc(*boots, (b + 1) * sizeof **boots);
			*runs = xrealloc(*runs, (b + 1) * sizeof **runs);
			memset(&(*boots)[b], 0, sizeof **boots);
			(*runs)[b] = m->run;
			c->boots++;
		}
		read_one(ps, c, m, &(*boots)[b]);
	}
}

/* Keep the boots that have samples; the cell's stacks are all of them. */
static void keep_boots(struct prof_cell *c, struct stacks *boots)
{
	size_t k = 0;

	for (size_t b = 0; b < c->boots; b++) {
		if (boots[b].samples == 0) {
			stacks_free(&boots[b]);
			continue;
		}
		stacks_merge(&c->stacks, &boots[b]);
		boots[k++] = boots[b];
	}
	c->boots = k;
	c->samples = c->stacks.samples;
}

int profiles_build(struct report *r)
{
	struct profiles *ps;
	char *error = NULL;
	size_t with = 0, ncells = 0;
	struct stacks **all_boots;

	for (size_t i = 0; i < r->ds->nm; i++)
		with += profile_of(&r->ds->m[i]) != NULL;
	if (with == 0) {
		fail("--profile: the runs have no profiles (a suite records them with "
		     "[suite] profile = cpu)");
		return 2;
	}
	if (!perf_available(&error)) {
		fail("--profile needs the host's perf (make deps installs linux-perf): %s", error);
		free(error);
		return 2;
	}
	ps = xcalloc(1, sizeof *ps);
	if (!symbols_dir(r->opt, &ps->symfs)) {
		free(ps);
		return 2;
	}
	r->profiles = ps;
	ps->first = xcalloc(r->ntables + 1, sizeof *ps->first);
	for (size_t t = 0; t < r->ntables; t++) {
		ps->first[t] = ncells;
		ncells += r->tables[t].nrows * r->ncols;
	}
	ps->first[r->ntables] = ncells;
	ps->cells = xcalloc(ncells, sizeof *ps->cells);
	all_boots = xcalloc(ncells, sizeof *all_boots);
	for (size_t t = 0; t < r->ntables; t++)
		for (size_t i = 0; i < r->tables[t].nrows * r->ncols; i++) {
			struct prof_cell *c = &ps->cells[ps->first[t] + i];
			const struct run **runs;
			read_cell(ps, r, &r->tables[t].cells[i], c, &all_boots[ps->first[t] + i], &runs);
			keep_boots(c, all_boots[ps->first[t] + i]);
			free(runs);
		}
	/* The shares need every function numbered: after all are read. */
	for (size_t i = 0; i < ncells; i++) {
		prof_shares(&ps->funcs, &ps->cells[i], all_boots[i]);
		for (size_t b = 0; b < ps->cells[i].boots; b++)
			stacks_free(&all_boots[i][b]);
		free(all_boots[i]);
	}
	free(all_boots);
	for (size_t t = 0; t < r->ntables; t++)
		for (size_t row = 0; row < r->tables[t].nrows; row++)
			for (size_t col = 0; col < r->ncols; col++)
				if (col != r->baseline)
					prof_movers(&ps->funcs,
						    &ps->cells[ps->first[t] + row * r->ncols + col],
						    &ps->cells[ps->first[t] + row * r->ncols + r->baseline],
						    r->alpha);
	return 0;
}

const struct prof_cell *prof_cell(const struct report *r, size_t t, size_t row, size_t col)
{
	return &r->profiles->cells[r->profiles->first[t] + row * r->ncols + col];
}

bool prof_row_shown(const struct report *r, size_t t, size_t row)
{
	for (size_t col = 0; r->profiles && col < r->ncols; col++) {
		const struct prof_cell *c = prof_cell(r, t, row, col);
		if (c->nprofiles || c->nerrors)
			return true;
	}
	return false;
}

const char *prof_case(const struct report *r, size_t t, size_t row)
{
	const struct table *tb = &r->tables[t];

	for (size_t col = 0; col < r->ncols; col++) {
		const struct cell *hc = &tb->cells[row * r->ncols + col];
		for (size_t i = 0; i < hc->n; i++) {
			const struct measurement *m = &r->ds->m[hc->m[i]];
			const char *g = jr_str(jr_get(m->json, "group"));
			return g ? g : m->id;
		}
	}
	return tb->workload;
}

static void cell_free(struct prof_cell *c)
{
	stacks_free(&c->stacks);
	for (int k = 0; k < NKINDS; k++)
		free(c->top[k]);
	free(c->movers);
	for (size_t i = 0; i < c->nnosym; i++) {
		free(c->nosym[i].path);
		free(c->nosym[i].why);
	}
	free(c->nosym);
	for (size_t i = 0; i < c->nerrors; i++)
		free(c->errors[i]);
	free(c->errors);
	free(c->event);
	free(c->call_graph);
	free(c->folded);
	for (size_t b = 0; c->boot_self && b < c->boots; b++)
		free(c->boot_self[b]);
	free(c->boot_self);
	free(c->boot_kind);
	free(c->self);
	free(c->total);
}

void profiles_free(struct report *r)
{
	struct profiles *ps = r->profiles;

	if (!ps)
		return;
	for (size_t i = 0; i < ps->first[r->ntables]; i++)
		cell_free(&ps->cells[i]);
	free(ps->cells);
	free(ps->first);
	funcs_free(&ps->funcs);
	free(ps->symfs);
	free(ps->folded_dir);
	free(ps);
	r->profiles = NULL;
}
