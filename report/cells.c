/* SPDX-License-Identifier: GPL-2.0-only */
/* cells.c: a cell measured, compared and warned (cells.h). */
#include "report/cells.h"

#include "common/stats.h"
#include "report/measurements.h"
#include "report/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void cell_measure(const struct report *r, struct cell *c)
{
	size_t *boot = xcalloc(c->n ? c->n : 1, sizeof *boot);

	describe(c->values, c->n, &c->d);
	for (size_t i = 0; i < c->n; i++)
		for (size_t k = 0; k < r->ds->nruns; k++)
			if (r->ds->runs[k] == r->ds->m[c->m[i]].run)
				boot[i] = k;
	c->boot_values = xcalloc(c->n ? c->n : 1, sizeof *c->boot_values);
	c->boots = boot_medians(c->values, boot, c->n, c->boot_values, &c->within_cov);
	c->boot_cov = c->boots >= 2 ? 100 * stats_cov(c->boot_values, c->boots) : NAN;
	free(boot);
}

void cell_compare(const struct report *r, struct cell *c, const struct cell *base,
		  const char *metric, bool with_series)
{
	double *a = NULL, *b = NULL;
	size_t na = 0, nb = 0;

	if (!base || base->n == 0 || c->n == 0)
		return;
	c->compared = true;
	c->change_median = 100 * (c->d.median - base->d.median) / base->d.median;
	c->change_hmean = 100 * (c->d.hmean - base->d.hmean) / base->d.hmean;
	compare_boots(c->boot_values, c->boots, base->boot_values, base->boots, r->alpha, &c->cmp);
	comparison_mark(&c->cmp, threshold_of(&r->opt->threshold, metric));
	if (with_series && c->n == 1 && base->n == 1) {
		const struct measurement *mc = &r->ds->m[c->m[0]], *mb = &r->ds->m[base->m[0]];
		a = series_read(mc, mc->metric, &na);
		b = series_read(mb, mb->metric, &nb);
	}
	if (na > 0 && nb > 0)
		compare_series(a, na, b, nb, r->alpha, &c->within);
	else
		compare_repeats(c->values, c->n, base->values, base->n, r->alpha, &c->within);
	free(a);
	free(b);
}

/* The number of w in the legend, added at its end if it is new. */
static int legend_id(struct report *r, const struct warning *w)
{
	for (size_t i = 0; i < r->nlegend; i++)
		if (strcmp(r->legend[i].code, w->code) == 0 &&
		    strcmp(r->legend[i].message, w->message) == 0)
			return (int)i + 1;
	r->legend = xrealloc(r->legend, (r->nlegend + 1) * sizeof *r->legend);
	r->legend[r->nlegend].code = xstrdup(w->code);
	r->legend[r->nlegend].message = xstrdup(w->message);
	return (int)++r->nlegend;
}

void cell_warn(struct report *r, struct cell *c, const struct warning *w)
{
	int id = legend_id(r, w);
	size_t i = 0;

	while (i < c->nwarnings && c->warnings[i] < id)
		i++;
	if (i < c->nwarnings && c->warnings[i] == id)
		return;
	c->warnings = xrealloc(c->warnings, (c->nwarnings + 1) * sizeof *c->warnings);
	memmove(c->warnings + i + 1, c->warnings + i, (c->nwarnings - i) * sizeof *c->warnings);
	c->warnings[i] = id;
	c->nwarnings++;
}
