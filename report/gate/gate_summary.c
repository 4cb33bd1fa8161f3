/* SPDX-License-Identifier: GPL-2.0-only */
/* gate_summary.c: the Markdown summary of bootbench-gate (gate_output.h). */
#include "report/gate/gate_output.h"

#include "report/layout.h"
#include "report/output.h"
#include "report/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void gate_change_text(char *buf, size_t size, const struct gate_case *k)
{
	const struct cell *c = k->cand;
	const struct comparison *m = &c->cmp;

	if (!c->compared || !isfinite(m->change))
		snprintf(buf, size, "-");
	else if (m->basis == TEST_NONE)
		snprintf(buf, size, "%+.2f%%?", m->change);
	else if (!m->ci.bounded)
		snprintf(buf, size, "%+.2f%% [unbounded]%s", m->change, m->marked ? "*" : "");
	else
		snprintf(buf, size, "%+.2f%% [%+.2f, %+.2f]%s", m->change, m->ci.lo, m->ci.hi,
			 m->marked ? "*" : "");
}

/* "1 % (tps)" or "1 % (tps), 5 % (latency_p99_ms)": the thresholds of the
 * metrics compared. */
static void thresholds(FILE *f, const struct gate *g)
{
	const char **seen = xcalloc(g->ncases + 1, sizeof *seen);
	size_t n = 0;

	for (size_t i = 0; i < g->ncases; i++) {
		const char *m = g->cases[i].t->metric;
		bool dup = false;
		for (size_t j = 0; j < n && !dup; j++)
			dup = strcmp(seen[j], m) == 0;
		if (dup)
			continue;
		seen[n] = m;
		fprintf(f, "%s%g %% (", n ? ", " : "", threshold_of(&g->opt->threshold, m));
		output_markdown_text(f, m);
		fputc(')', f);
		n++;
	}
	if (!n)
		fprintf(f, "%g %%", g->opt->threshold.all);
	free(seen);
}

static void side_row(FILE *f, const char *what, const struct gate_side *s)
{
	fprintf(f, "| %s | `%s`: ", what, s->dir);
	output_markdown_text(f, *s->kernels ? s->kernels : "no runs");
	fprintf(f, ", %zu run%s |\n", s->runs, s->runs == 1 ? "" : "s");
}

static void headline(FILE *f, const struct gate *g)
{
	size_t worse = gate_count(g, KIND_WORSE), undecided = gate_count(g, KIND_UNDECIDED);

	fprintf(f, "## bootbench-gate: %s\n\n", gate_status_name(g->status));
	if (g->status == GATE_FAILED)
		fprintf(f, "**%zu case%s worse** by at least the threshold, of %zu compared (exit 1).\n",
			worse, worse == 1 ? "" : "s", g->ncases);
	else if (g->status == GATE_PASSED)
		fprintf(f, "Nothing worse by the threshold or more: %zu case%s compared (exit 0).\n",
			g->ncases, g->ncases == 1 ? "" : "s");
	else {
		fprintf(f, "**The runs cannot decide** (exit 3):\n\n");
		for (size_t i = 0; i < g->nblockers; i++) {
			fprintf(f, "- ");
			output_markdown_text(f, g->blockers[i]);
			fputc('\n', f);
		}
		if (undecided)
			fprintf(f, "- %zu case%s undecided (below)\n", undecided, undecided == 1 ? "" : "s");
	}
	fprintf(f, "\n| | |\n|---|---|\n");
	side_row(f, "candidate", &g->cand);
	side_row(f, "baseline", &g->base);
	fprintf(f, "| suite | ");
	output_markdown_text(f, gate_suite(g));
	fprintf(f, " |\n| marked | significant at %g %% confidence (Welch's test on the boots' values) "
		"and a change of at least ", g->opt->confidence);
	thresholds(f, g);
	fprintf(f, " |\n");
}

static void case_row(FILE *f, const struct gate_case *k)
{
	char change[96];

	gate_change_text(change, sizeof change, k);
	fprintf(f, "| %s%s%s | ", k->kind == KIND_WORSE ? "**" : "", gate_kind_name(k->kind),
		k->kind == KIND_WORSE ? "**" : "");
	output_markdown_text(f, k->name);
	fprintf(f, " | ");
	output_markdown_text(f, k->t->metric);
	fprintf(f, " (%s) | ", direction(k->t));
	output_markdown_text(f, change);
	fprintf(f, " | %zu / %zu | ", k->cand->boots, k->base->boots);
	output_markdown_text(f, k->why ? k->why : "");
	fprintf(f, " |\n");
}

static void cases(FILE *f, const struct gate *g)
{
	static const enum gate_kind order[] = { KIND_WORSE, KIND_UNDECIDED, KIND_BETTER };
	size_t listed = 0, same = gate_count(g, KIND_SAME);

	for (size_t o = 0; o < sizeof order / sizeof *order; o++)
		for (size_t i = 0; i < g->ncases; i++) {
			if (g->cases[i].kind != order[o])
				continue;
			if (!listed++)
				fprintf(f, "\n| verdict | case | metric | change [%g %% interval] | boots "
					"(candidate / baseline) | note |\n|---|---|---|---|---|---|\n",
					g->opt->confidence);
			case_row(f, &g->cases[i]);
		}
	if (same) {
		fprintf(f, "\n%zu case%s with no change of the threshold or more:", same,
			same == 1 ? "" : "s");
		for (size_t i = 0, k = 0; i < g->ncases; i++) {
			char change[96];
			if (g->cases[i].kind != KIND_SAME)
				continue;
			gate_change_text(change, sizeof change, &g->cases[i]);
			fprintf(f, "%s ", k++ ? ";" : "");
			output_markdown_text(f, g->cases[i].name);
			fprintf(f, " ");
			output_markdown_text(f, g->cases[i].t->metric);
			fprintf(f, " ");
			output_markdown_text(f, change);
		}
		fprintf(f, ".\n");
	}
	for (size_t i = 0; i < g->nnotes; i++) {
		fputc('\n', f);
		output_markdown_text(f, g->notes[i]);
		fputc('\n', f);
	}
}

void gate_markdown(FILE *f, const struct gate *g)
{
	headline(f, g);
	cases(f, g);
	if (g->status == GATE_FAILED)
		gate_bisect_commands(f, g);
	fprintf(f, "\n<details><summary>The full report</summary>\n\n");
	for (size_t i = 0; i < g->nreports; i++)
		if (g->built[i])
			output_markdown(f, &g->reports[i]);
	fprintf(f, "\n</details>\n");
}
