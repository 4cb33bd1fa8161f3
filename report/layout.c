/* SPDX-License-Identifier: GPL-2.0-only */
/* layout.c: numbers, cell texts and footnotes of the tables. */
#include "report/layout.h"

#include "report/keys.h"
#include "report/monitors.h"
#include "report/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const stat_names[NLINES] = { "n", "median", "hmean", "change", "cov %", "min", "max" };

void fmt_number(char *buf, size_t size, double v)
{
	double a = fabs(v);

	if (isnan(v))
		snprintf(buf, size, "-");
	else if (a >= 10000)
		snprintf(buf, size, "%.0f", v);
	else if (a >= 1000)
		snprintf(buf, size, "%.1f", v);
	else if (a >= 100)
		snprintf(buf, size, "%.2f", v);
	else if (a >= 1)
		snprintf(buf, size, "%.3f", v);
	else
		snprintf(buf, size, "%.4f", v);
}

static const char *mark(const struct cell *c)
{
	return c->cmp.basis == TEST_NONE ? "?" : c->cmp.marked ? "*" : "";
}

static void fmt_change(char *buf, size_t size, const struct cell *c, double change)
{
	if (!c->compared || !isfinite(change))
		snprintf(buf, size, "%s", c->compared ? "-" : "");
	else
		snprintf(buf, size, "%+.1f%%%s", change, mark(c));
}

void fmt_interval(char *buf, size_t size, const struct cell *c)
{
	if (!c->compared || c->cmp.basis == TEST_NONE)
		snprintf(buf, size, "%s", "");
	else if (!c->cmp.ci.bounded)
		snprintf(buf, size, "[unbounded]");
	else
		snprintf(buf, size, "[%+.1f, %+.1f]", c->cmp.ci.lo, c->cmp.ci.hi);
}

static const char *why_code(enum no_claim why)
{
	switch (why) {
	case NO_CLAIM_FEW_VALUES:
		return "fewer-values";
	case NO_CLAIM_SERIES_SHORT:
		return "series-too-short";
	case NO_CLAIM_SERIES_CORRELATED:
		return "series-too-autocorrelated";
	case NO_CLAIM_FEW_BOOTS:
		return "fewer-boots";
	default:
		return NULL;
	}
}

const char *no_claim_code(const struct cell *c)
{
	return c->compared ? why_code(c->cmp.why) : NULL;
}

const char *within_no_claim_code(const struct cell *c)
{
	return c->compared ? why_code(c->within.why) : NULL;
}

const char *basis_name(enum test_basis basis)
{
	switch (basis) {
	case TEST_REPEATS:
		return "repeats";
	case TEST_BATCHES:
		return "batch-means";
	case TEST_BOOTS:
		return "boots";
	default:
		return "none";
	}
}

bool line_shown(const struct report *r, const struct table *t, enum stat_line line)
{
	if (line != LINE_CHANGE)
		return true;
	for (size_t i = 0; i < t->nrows * r->ncols; i++)
		if (t->cells[i].compared)
			return true;
	return false;
}

void cell_text(const struct report *r, const struct table *t, size_t row, size_t col,
	       enum stat_line line, struct cell_text *out)
{
	const struct cell *c = &t->cells[row * r->ncols + col];
	size_t used = 0;

	memset(out, 0, sizeof *out);
	if (c->n == 0) {
		if (line == LINE_N)
			snprintf(out->value, sizeof out->value, "-");
		return;
	}
	switch (line) {
	case LINE_N:
		snprintf(out->value, sizeof out->value, "%zu", c->n);
		for (size_t i = 0; i < c->nwarnings && used + 8 < sizeof out->notes; i++)
			used += (size_t)snprintf(out->notes + used, sizeof out->notes - used,
						 "%s%d", i ? "," : "!", c->warnings[i]);
		break;
	case LINE_MEDIAN:
		fmt_number(out->value, sizeof out->value, c->d.median);
		fmt_change(out->change, sizeof out->change, c, c->change_median);
		break;
	case LINE_HMEAN:
		fmt_number(out->value, sizeof out->value, c->d.hmean);
		fmt_change(out->change, sizeof out->change, c, c->change_hmean);
		break;
	case LINE_CHANGE:
		if (!c->compared)
			break;
		if (isfinite(c->cmp.change))
			snprintf(out->value, sizeof out->value, "%+.1f%%", c->cmp.change);
		else
			snprintf(out->value, sizeof out->value, "-");
		fmt_interval(out->change, sizeof out->change, c);
		strcat(out->change, mark(c));
		break;
	case LINE_COV:
		if (c->n < 2)
			snprintf(out->value, sizeof out->value, "-");
		else
			snprintf(out->value, sizeof out->value, "%.2f", c->d.cov);
		if (c->boots > 1) {
			char w[16] = "-";
			if (isfinite(c->within_cov))
				snprintf(w, sizeof w, "%.2f", c->within_cov);
			snprintf(out->change, sizeof out->change, "b %.2f w %s", c->boot_cov, w);
		}
		break;
	case LINE_MIN:
		fmt_number(out->value, sizeof out->value, c->d.min);
		break;
	case LINE_MAX:
		fmt_number(out->value, sizeof out->value, c->d.max);
		break;
	default:
		break;
	}
}

void monitor_text(const struct report *r, const struct table *t, size_t k, size_t row, size_t col,
		  struct cell_text *out)
{
	const struct cell *c = monitor_cell(r, t, k, row, col);
	char ci[40];

	memset(out, 0, sizeof *out);
	if (c->n == 0) {
		snprintf(out->value, sizeof out->value, "-");
		return;
	}
	fmt_number(out->value, sizeof out->value, c->d.median);
	if (c->n != t->cells[row * r->ncols + col].n)
		snprintf(out->notes, sizeof out->notes, "n=%zu", c->n);
	if (!c->compared)
		return;
	fmt_interval(ci, sizeof ci, c);
	if (!isfinite(c->cmp.change))
		snprintf(out->change, sizeof out->change, "-");
	else
		snprintf(out->change, sizeof out->change, "%+.1f%%%s%s%s", c->cmp.change,
			 *ci ? " " : "", ci, mark(c));
}

const char *verdict(const struct table *t, const struct cell *c)
{
	if (c->cmp.basis == TEST_NONE)
		return "not tested";
	if (!c->cmp.significant)
		return "no significant change";
	if (!c->cmp.marked)
		return "below threshold";
	return (c->cmp.test.t > 0) == t->higher_is_better ? "better" : "worse";
}

const char *direction(const struct table *t)
{
	return t->higher_is_better ? "higher is better" : "lower is better";
}

char *metric_line(const struct table *t)
{
	if (strcmp(t->metric, t->unit) == 0)
		return xasprintf("%s, %s.", t->metric, direction(t));
	return xasprintf("%s (%s), %s.", t->metric, t->unit, direction(t));
}

char **table_footnotes(const struct report *r, const struct table *t, size_t *n)
{
	char **lines = xcalloc(5, sizeof *lines);
	size_t k = 0;

	if (t->ncols > 1 && !t->has_baseline)
		lines[k++] = xasprintf("No values in the baseline column %s: no changes.",
				       column_letter(r->baseline));
	else if (t->ncols > 1) {
		double threshold = threshold_of(&r->opt->threshold, t->metric);
		char *at_least = threshold > 0 ? xasprintf(", and the change is %g%% or more either "
							   "way (the threshold)", threshold) : xstrdup("");
		lines[k++] = xasprintf(
			"Change of the median and hmean against column %s (%s: a %s change is worse). "
			"change: the change of the mean of the boots' values (a boot's value: the median "
			"of its repeats) and its %g%% confidence interval (Fieller's, for the ratio of "
			"the means); * significant at %g%% confidence: the interval excludes 0 "
			"(two-sided Welch t-test on the boots' values, at least %d boots per side)%s.",
			column_letter(r->baseline), direction(t), t->higher_is_better ? "negative" : "positive",
			r->opt->confidence, r->opt->confidence, MIN_BOOTS, at_least);
		free(at_least);
	}
	if (t->few_boots)
		lines[k++] = xasprintf("? no claim: fewer than %d boots (runs) on a side, so the "
				       "variation between boots is unknown and nothing is marked. "
				       "Repeats inside one boot share its conditions and understate "
				       "that variation.", MIN_BOOTS);
	if (t->several_boots)
		lines[k++] = xstrdup("cov %: of all the values; b: of the boots' values (between "
				     "boots); w: of the repeats inside one boot (the median over "
				     "the boots).");
	if (monitors_shown(r, t))
		lines[k++] = xasprintf("Monitor lines (--monitors): the median over a cell's "
				       "measurements of the mean of each one's per-second samples of the "
				       "monitor (series/<id>.sys.csv)%s.", t->ncols > 1 ?
				       "; beside it the change of the mean of the boots' values, as on "
				       "the change line and with the same test" : "");
	*n = k;
	return lines;
}

int *table_warnings(const struct report *r, const struct table *t, size_t *n)
{
	char *used = xcalloc(r->nlegend + 1, 1);
	int *ids = xcalloc(r->nlegend + 1, sizeof *ids);
	size_t k = 0;

	for (size_t c = 0; c < t->nrows * r->ncols; c++)
		for (size_t w = 0; w < t->cells[c].nwarnings; w++)
			used[t->cells[c].warnings[w]] = 1;
	for (size_t i = 1; i <= r->nlegend; i++)
		if (used[i])
			ids[k++] = (int)i;
	free(used);
	*n = k;
	return ids;
}

char *column_runs(const struct report *r, size_t col)
{
	char *out = xstrdup("");

	for (size_t ri = 0; ri < r->ds->nruns; ri++) {
		const struct run *run = r->ds->runs[ri];
		for (size_t i = 0; i < r->ds->nm; i++) {
			const struct measurement *m = &r->ds->m[i];
			if (m->run == run && strcmp(key_value(m, r->axis), r->cols[col]) == 0) {
				if (ri > 0 && strcmp(r->ds->runs[ri - 1]->name, run->name) == 0)
					break;  /* the same run read from two places */
				char *n = *out ? xasprintf("%s %s", out, run->name) : xstrdup(run->name);
				free(out);
				out = n;
				break;
			}
		}
	}
	return out;
}

int facts_differ(const struct report *r)
{
	for (size_t i = 0; i < r->nfacts; i++)
		if (r->facts[i].differs)
			return 1;
	return 0;
}

const char *report_suite(const struct report *r)
{
	for (size_t i = 0; i < r->ds->nruns; i++)
		if (r->ds->runs[i]->suite)
			return r->ds->runs[i]->suite;
	return "(unknown)";
}

void free_lines(char **lines, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
}
