/* SPDX-License-Identifier: GPL-2.0-only */
/* gate_junit.c: bootbench-gate's JUnit XML (gate_output.h), as GitLab's
 * test reports and GitHub's test-report actions read it. */
#include "report/gate/gate_output.h"

#include "report/layout.h"
#include "report/svg.h"

#include <string.h>

/* "tps -3.10% [-3.30, -2.90]* (higher is better; 4 boots against 4)". */
static void figures(FILE *f, const struct gate_case *k)
{
	char change[96];

	gate_change_text(change, sizeof change, k);
	html_escape(f, k->t->metric);
	fputc(' ', f);
	html_escape(f, change);
	fprintf(f, " (%s; %zu boots against %zu)", direction(k->t), k->cand->boots, k->base->boots);
}

static void testcase(FILE *f, const struct gate *g, const struct gate_case *k)
{
	fprintf(f, "    <testcase classname=\"bootbench-gate.");
	html_escape(f, gate_suite(g));
	fprintf(f, "\" name=\"");
	html_escape(f, k->name);
	fputc(' ', f);
	html_escape(f, k->t->metric);
	fprintf(f, " (");
	html_escape(f, g->cand.kernels);
	fprintf(f, ")\" time=\"0\">\n");
	if (k->kind == KIND_WORSE) {
		fprintf(f, "      <failure type=\"worse\" message=\"");
		figures(f, k);
		fprintf(f, ": worse than the baseline by at least the threshold of %g%%\">",
			k->cand->cmp.threshold);
		html_escape(f, g->cand.kernels);
		fprintf(f, " against the baseline ");
		html_escape(f, g->base.kernels);
		fprintf(f, "</failure>\n");
	} else if (k->kind == KIND_UNDECIDED) {
		fprintf(f, "      <error type=\"undecided\" message=\"");
		html_escape(f, k->why);
		fprintf(f, "\">");
		figures(f, k);
		fprintf(f, "</error>\n");
	} else {
		fprintf(f, "      <system-out>");
		figures(f, k);
		fprintf(f, ": %s</system-out>\n", gate_kind_name(k->kind));
	}
	fprintf(f, "    </testcase>\n");
}

void gate_junit(FILE *f, const struct gate *g)
{
	size_t tests = g->ncases + 1, failures = gate_count(g, KIND_WORSE);
	size_t errors = gate_count(g, KIND_UNDECIDED) + (g->nblockers > 0);

	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(f, "<testsuites name=\"bootbench-gate\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\">\n",
		tests, failures, errors);
	fprintf(f, "  <testsuite name=\"bootbench-gate ");
	html_escape(f, gate_suite(g));
	fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"0\" time=\"0\">\n",
		tests, failures, errors);
	fprintf(f, "    <properties>\n");
	fprintf(f, "      <property name=\"verdict\" value=\"%s\"/>\n", gate_status_name(g->status));
	fprintf(f, "      <property name=\"baseline\" value=\"");
	html_escape(f, g->base.kernels);
	fprintf(f, "\"/>\n      <property name=\"candidate\" value=\"");
	html_escape(f, g->cand.kernels);
	fprintf(f, "\"/>\n    </properties>\n");
	/* The runs themselves: an error when they cannot decide. */
	fprintf(f, "    <testcase classname=\"bootbench-gate.");
	html_escape(f, gate_suite(g));
	fprintf(f, "\" name=\"the runs can decide\" time=\"0\">\n");
	if (g->nblockers) {
		fprintf(f, "      <error type=\"cannot decide\" message=\"");
		html_escape(f, g->blockers[0]);
		fprintf(f, "\">");
		for (size_t i = 0; i < g->nblockers; i++) {
			html_escape(f, g->blockers[i]);
			fputc('\n', f);
		}
		fprintf(f, "</error>\n");
	}
	fprintf(f, "    </testcase>\n");
	for (size_t i = 0; i < g->ncases; i++)
		testcase(f, g, &g->cases[i]);
	fprintf(f, "  </testsuite>\n</testsuites>\n");
}
