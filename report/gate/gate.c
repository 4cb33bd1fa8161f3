/* SPDX-License-Identifier: GPL-2.0-only */
/* gate.c: the runs of both sides read, one report per metric (gate.h). */
#include "report/gate/gate.h"

#include "report/diag.h"
#include "report/layout.h"
#include "report/metric.h"
#include "report/util.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Whether dir is a directory; an error naming the option when not. */
static bool directory(const char *option, const char *dir)
{
	struct stat st;

	if (stat(dir, &st) != 0) {
		fail("%s: could not find \"%s\":", option, dir);
		return false;
	}
	if (!S_ISDIR(st.st_mode)) {
		fail("%s: \"%s\" is not a directory", option, dir);
		return false;
	}
	return true;
}

/* The kernels (with their variants) of the runs of side s, and how many
 * runs it has. */
static void side_runs(const struct dataset *ds, struct gate_side *s)
{
	s->kernels = xstrdup("");
	s->runs = 0;
	for (size_t i = 0; i < ds->nruns; i++) {
		const struct run *r = ds->runs[i];
		char *k;
		if (strcmp(r->argument, s->label) != 0)
			continue;
		s->runs++;
		k = r->variant ? xasprintf("%s %s", r->kernel, r->variant) : xstrdup(r->kernel);
		if (!strstr(s->kernels, k)) {
			char *n = *s->kernels ? xasprintf("%s; %s", s->kernels, k) : xstrdup(k);
			free(s->kernels);
			s->kernels = n;
		}
		free(k);
	}
}

/* A run on both sides: the same directory given twice, or copies. */
static const char *shared_run(const struct dataset *ds, const char *a, const char *b)
{
	for (size_t i = 0; i < ds->nruns; i++)
		for (size_t j = 0; j < ds->nruns; j++)
			if (strcmp(ds->runs[i]->argument, a) == 0 && strcmp(ds->runs[j]->argument, b) == 0 &&
			    strcmp(ds->runs[i]->name, ds->runs[j]->name) == 0)
				return ds->runs[i]->name;
	return NULL;
}

/* Whether the measurements of ds hold some of side s. */
static bool side_measured(const struct dataset *ds, const struct gate_side *s)
{
	for (size_t i = 0; i < ds->nm; i++)
		if (strcmp(ds->m[i].run->argument, s->label) == 0)
			return true;
	return false;
}

static size_t column_of(const struct report *r, const char *label)
{
	for (size_t c = 0; c < r->ncols; c++)
		if (strcmp(r->cols[c], label) == 0)
			return c;
	return 0;
}

/* Every per-metric threshold names a metric of some table compared. */
static int thresholds_used(const struct gate *g)
{
	const struct thresholds *th = &g->opt->threshold;
	bool any_built = false;

	for (size_t i = 0; i < g->nreports; i++)
		any_built |= g->built[i];
	for (size_t k = 0; k < th->n && any_built; k++) {
		bool found = false;
		for (size_t i = 0; i < g->nreports && !found; i++)
			for (size_t t = 0; g->built[i] && t < g->reports[i].ntables && !found; t++)
				found = strlen(g->reports[i].tables[t].metric) == th->per[k].len &&
					strncmp(g->reports[i].tables[t].metric, th->per[k].metric,
						th->per[k].len) == 0;
		if (!found) {
			fail("--threshold %s: no case of the metric %.*s is compared (--metric)",
			     th->per[k].metric, (int)th->per[k].len, th->per[k].metric);
			return 2;
		}
	}
	return 0;
}

int gate_build(struct gate *g, const struct gate_options *o)
{
	char *paths[2] = { (char *)o->baseline, (char *)o->candidate };
	char real_base[PATH_MAX], real_cand[PATH_MAX];

	memset(g, 0, sizeof *g);
	g->opt = o;
	g->base.dir = o->baseline;
	g->cand.dir = o->candidate;
	/* The column of an argument is named so (runs.h). */
	g->base.label = path_trimmed(o->baseline);
	g->cand.label = path_trimmed(o->candidate);
	if (!directory("--baseline", o->baseline) || !directory("--candidate", o->candidate))
		return 2;
	if (!realpath(o->baseline, real_base) || !realpath(o->candidate, real_cand)) {
		fail("could not resolve the path of \"%s\" or \"%s\":", o->baseline, o->candidate);
		return 2;
	}
	if (strcmp(real_base, real_cand) == 0) {
		fail("the baseline and the candidate are the same runs (%s): compare two sides",
		     real_base);
		return 2;
	}
	g->nreports = o->nmetrics ? o->nmetrics : 1;
	g->data = xcalloc(g->nreports, sizeof *g->data);
	g->ropt = xcalloc(g->nreports, sizeof *g->ropt);
	g->reports = xcalloc(g->nreports, sizeof *g->reports);
	g->built = xcalloc(g->nreports, sizeof *g->built);
	for (size_t i = 0; i < g->nreports; i++) {
		struct dataset *ds = &g->data[i];
		struct report_options *ro = &g->ropt[i];
		const char *same;

		/* Each metric reads the runs again: its warnings were said once. */
		diag_quiet(i > 0);
		dataset_read(ds, paths, 2);
		diag_quiet(0);
		if (i == 0) {
			side_runs(ds, &g->base);
			side_runs(ds, &g->cand);
		}
		if ((same = shared_run(ds, g->base.label, g->cand.label))) {
			fail("the baseline and the candidate hold the same run %s: compare two sides",
			     same);
			return 2;
		}
		if (!side_measured(ds, &g->base) || !side_measured(ds, &g->cand))
			continue;       /* a blocker (gate_judge) */
		if (dataset_select_cases(ds, o->cases, o->ncases, true) != 0 ||
		    dataset_select(ds, NULL, o->nmetrics ? o->metrics[i] : NULL) != 0)
			return 2;
		if (!side_measured(ds, &g->base) || !side_measured(ds, &g->cand))
			continue;
		ro->by = "argument";
		ro->baseline = g->base.label;
		ro->metric = o->nmetrics ? o->metrics[i] : NULL;
		ro->confidence = o->confidence;
		ro->threshold = o->threshold;
		ro->power = 80;
		ro->format = FORMAT_MARKDOWN;
		ro->columns_are_kernels = true;
		if (report_build(&g->reports[i], ds, ro) != 0)
			return 2;
		g->built[i] = true;
		g->base.col = column_of(&g->reports[i], g->base.label);
		g->cand.col = column_of(&g->reports[i], g->cand.label);
	}
	return thresholds_used(g);
}

void gate_free(struct gate *g)
{
	for (size_t i = 0; i < g->nreports; i++) {
		if (g->built[i])
			report_free(&g->reports[i]);
		dataset_free(&g->data[i]);
	}
	free(g->data);
	free(g->ropt);
	free(g->reports);
	free(g->built);
	free(g->base.label);
	free(g->cand.label);
	free(g->base.kernels);
	free(g->cand.kernels);
	free(g->cases);
	for (size_t i = 0; i < g->nblockers; i++)
		free(g->blockers[i]);
	free(g->blockers);
	for (size_t i = 0; i < g->nnotes; i++)
		free(g->notes[i]);
	free(g->notes);
}

const char *gate_suite(const struct gate *g)
{
	for (size_t i = 0; i < g->nreports; i++)
		if (g->built[i])
			return report_suite(&g->reports[i]);
	for (size_t i = 0; g->nreports && i < g->data[0].nruns; i++)
		if (g->data[0].runs[i]->suite)
			return g->data[0].runs[i]->suite;
	return "(unknown)";
}
