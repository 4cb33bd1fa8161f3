/* SPDX-License-Identifier: GPL-2.0-only */
/* gate_metrics.c: bootbench-gate's OpenMetrics text (gate_output.h), the
 * format of GitLab's metrics reports: one gauge family per metric and
 * figure, a sample per case labelled with the case and the candidate's
 * kernel, "# EOF" at the end. */
#include "report/gate/gate_output.h"

#include "report/layout.h"
#include "report/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* "bootbench_" name suffix, every character not [A-Za-z0-9_] as '_'. */
static char *family(const char *metric, const char *suffix)
{
	char *name = xasprintf("bootbench_%s%s", metric, suffix);

	for (char *p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
			*p = '_';
	return name;
}

/* A label value: backslash, double quote and newline escaped. */
static void label(FILE *f, const char *s)
{
	for (; *s; s++)
		if (*s == '\\' || *s == '"')
			fprintf(f, "\\%c", *s);
		else if (*s == '\n')
			fputs("\\n", f);
		else
			fputc(*s, f);
}

/* The family of metric's figure: the candidate's median (change false) or
 * the change of the mean of the boots against the baseline (true). */
static void gauges(FILE *f, const struct gate *g, const char *metric, bool change)
{
	char *name = family(metric, change ? "_change_pct" : "");
	bool first = true;

	for (size_t i = 0; i < g->ncases; i++) {
		const struct gate_case *k = &g->cases[i];
		double v = change ? k->cand->cmp.change : k->cand->d.median;
		if (strcmp(k->t->metric, metric) != 0 || k->cand->n == 0 ||
		    (change && !k->cand->compared) || !isfinite(v))
			continue;
		if (first) {
			fprintf(f, "# TYPE %s gauge\n# HELP %s ", name, name);
			if (change)
				fprintf(f, "%% change of the mean of the boots' %s against the baseline "
					"(%s)\n", metric, direction(k->t));
			else
				fprintf(f, "%s of the candidate's kernel, the median of its values (%s)\n",
					metric, direction(k->t));
			first = false;
		}
		fprintf(f, "%s{case=\"", name);
		label(f, k->name);
		fprintf(f, "\",kernel=\"");
		label(f, g->cand.kernels);
		fprintf(f, "\"} %.10g\n", v);
	}
	free(name);
}

void gate_openmetrics(FILE *f, const struct gate *g)
{
	for (size_t i = 0; i < g->ncases; i++) {
		const char *m = g->cases[i].t->metric;
		bool seen = false;
		for (size_t j = 0; j < i && !seen; j++)
			seen = strcmp(g->cases[j].t->metric, m) == 0;
		if (seen)
			continue;
		gauges(f, g, m, false);
		gauges(f, g, m, true);
	}
	fprintf(f, "# EOF\n");
}
