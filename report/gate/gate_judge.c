/* SPDX-License-Identifier: GPL-2.0-only */
/* gate_judge.c: every case judged, the blockers, the exit status (gate.h). */
#include "report/gate/gate.h"

#include "report/diag.h"
#include "report/layout.h"
#include "report/metric.h"
#include "report/util.h"

#include <stdlib.h>
#include <string.h>

const char *gate_kind_name(enum gate_kind k)
{
	switch (k) {
	case KIND_WORSE: return "worse";
	case KIND_BETTER: return "better";
	case KIND_UNDECIDED: return "undecided";
	default: return "no change";
	}
}

const char *gate_status_name(enum gate_status s)
{
	switch (s) {
	case GATE_PASSED: return "passed";
	case GATE_FAILED: return "failed";
	default: return "cannot decide";
	}
}

size_t gate_count(const struct gate *g, enum gate_kind k)
{
	size_t n = 0;

	for (size_t i = 0; i < g->ncases; i++)
		n += g->cases[i].kind == k;
	return n;
}

static void add_line(char ***lines, size_t *n, char *line)
{
	*lines = xrealloc(*lines, (*n + 1) * sizeof **lines);
	(*lines)[(*n)++] = line;
}

/* "value (baseline); value (candidate, baseline)": a fact's values with
 * the sides they were seen on, the column letters named. */
static char *fact_values(const struct gate *g, const struct fact *f)
{
	char base[8], cand[8], *out = xstrdup("");

	snprintf(base, sizeof base, "%s", column_letter(g->base.col));
	snprintf(cand, sizeof cand, "%s", column_letter(g->cand.col));
	for (size_t v = 0; v < f->nvalues; v++) {
		char *copy = xstrdup(f->columns[v]), *save = NULL, *sides = xstrdup(""), *n;
		for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
			const char *name = strcmp(w, base) == 0 ? "baseline" :
				strcmp(w, cand) == 0 ? "candidate" : w;
			n = xasprintf("%s%s%s", sides, *sides ? ", " : "", name);
			free(sides);
			sides = n;
		}
		n = xasprintf("%s%s%s (%s)", out, v ? "; " : "", f->values[v], sides);
		free(out);
		out = n;
		free(sides);
		free(copy);
	}
	return out;
}

/* Failed runs, skipped input, sides without measurements, facts that
 * differ in more than the kernel. */
static void find_blockers(struct gate *g, const struct report *r)
{
	const struct dataset *ds = &g->data[0];

	for (size_t i = 0; i < ds->nruns; i++) {
		const struct run *run = ds->runs[i];
		const char *side = strcmp(run->argument, g->base.label) == 0 ? "baseline" : "candidate";
		if (!run->status)
			add_line(&g->blockers, &g->nblockers,
				 xasprintf("run %s (%s) has no run.json: its boot did not finish", run->name, side));
		else if (strcmp(run->status, "done") != 0)
			add_line(&g->blockers, &g->nblockers,
				 xasprintf("run %s (%s) %s%s%s", run->name, side, run->status,
					   run->reason ? ": " : "", run->reason ? run->reason : ""));
		else if (run->measurements == 0)
			add_line(&g->blockers, &g->nblockers,
				 xasprintf("run %s (%s) has no measurements", run->name, side));
	}
	if (g->base.runs == 0 || g->cand.runs == 0)
		add_line(&g->blockers, &g->nblockers,
			 xasprintf("the %s (%s) has no runs", g->base.runs == 0 ? "baseline" : "candidate",
				   g->base.runs == 0 ? g->base.dir : g->cand.dir));
	if (diag_skipped())
		add_line(&g->blockers, &g->nblockers,
			 xstrdup("some input was skipped: the warnings on stderr say what"));
	for (size_t i = 0; r && i < r->nfacts; i++) {
		const struct fact *f = &r->facts[i];
		char *values;
		if (!f->differs)
			continue;
		values = fact_values(g, f);
		if (strcmp(f->key, "host load") == 0)
			add_line(&g->notes, &g->nnotes,
				 xasprintf("The host's load class differed between the boots: %s. Boots "
					   "interleaved on one host share its conditions, and the test takes "
					   "in the spread they make.", values));
		else
			add_line(&g->blockers, &g->nblockers,
				 xasprintf("the sides differ in more than the kernel: %s: %s", f->key, values));
		free(values);
	}
}

static void judge_case(struct gate_case *k)
{
	const struct cell *c = k->cand;
	const char *v;

	if (c->n == 0) {
		k->kind = KIND_UNDECIDED;
		k->why = "no measurement in the candidate's runs";
	} else if (k->base->n == 0) {
		k->kind = KIND_UNDECIDED;
		k->why = "no measurement in the baseline's runs";
	} else if (c->cmp.basis == TEST_NONE) {
		k->kind = KIND_UNDECIDED;
		k->why = "no claim: fewer boots than a claim needs on a side";
	} else if (strcmp((v = verdict(k->t, c)), "worse") == 0) {
		k->kind = KIND_WORSE;
	} else if (strcmp(v, "better") == 0) {
		k->kind = KIND_BETTER;
	} else {
		k->kind = KIND_SAME;
	}
}

void gate_judge(struct gate *g)
{
	const struct report *first = NULL;

	for (size_t i = 0; i < g->nreports && !first; i++)
		if (g->built[i])
			first = &g->reports[i];
	find_blockers(g, first);
	for (size_t i = 0; i < g->nreports; i++) {
		const struct report *r = &g->reports[i];
		for (size_t ti = 0; g->built[i] && ti < r->ntables; ti++) {
			const struct table *t = &r->tables[ti];
			for (size_t row = 0; row < t->nrows; row++) {
				struct gate_case k = { r, t, row, &t->cells[row * r->ncols + g->cand.col],
						       &t->cells[row * r->ncols + g->base.col], NULL,
						       KIND_SAME, NULL };
				const struct cell *any = k.cand->n ? k.cand : k.base;
				if (any->n == 0)
					continue;
				k.name = measurement_case(&r->ds->m[any->m[0]]);
				judge_case(&k);
				g->cases = xrealloc(g->cases, (g->ncases + 1) * sizeof *g->cases);
				g->cases[g->ncases++] = k;
			}
		}
	}
	if (g->ncases == 0 && g->nblockers == 0)
		add_line(&g->blockers, &g->nblockers, xstrdup("no case was compared"));
	if (g->nblockers)
		g->status = GATE_UNDECIDED;
	else if (gate_count(g, KIND_WORSE))
		g->status = GATE_FAILED;
	else if (gate_count(g, KIND_UNDECIDED))
		g->status = GATE_UNDECIDED;
	else
		g->status = GATE_PASSED;
}
