/* SPDX-License-Identifier: GPL-2.0-only */
/* metric.c: --case and --metric, and the table of metric directions. */
#include "report/metric.h"

#include "report/diag.h"
#include "report/util.h"

#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The direction of a metric by its name: the first rule that matches.
 * Times and failures first, so that "latency_stddev_ms" and
 * "skipped_per_s" are times and failures, not rates, and instructions
 * and work per unit before sizes, so that "instructions_per_mb" and
 * "io_read_kib_per_mb" are work, not sizes.  doc/report.md shows
 * this table; tests/report/metric.test holds every metric the workloads'
 * READMEs name to it.
 */
enum match { CONTAINS, ENDS, IS };

static const struct rule {
	enum match match;
	const char *text;
	enum metric_direction direction;
	const char *rule;
} rules[] = {
	{ CONTAINS, "latency", METRIC_LOWER, "name has latency" },
	{ CONTAINS, "lag", METRIC_LOWER, "name has lag" },
	{ CONTAINS, "late", METRIC_LOWER, "name has late" },
	{ CONTAINS, "skipped", METRIC_LOWER, "name has skipped" },
	{ CONTAINS, "stddev", METRIC_LOWER, "name has stddev" },
	{ CONTAINS, "failed", METRIC_LOWER, "name has failed" },
	{ CONTAINS, "retried", METRIC_LOWER, "name has retried" },
	{ CONTAINS, "instructions", METRIC_LOWER, "name has instructions (work per unit)" },
	{ ENDS, "_ms", METRIC_LOWER, "name ends in _ms" },
	{ ENDS, "_us", METRIC_LOWER, "name ends in _us" },
	{ ENDS, "_ns", METRIC_LOWER, "name ends in _ns" },
	{ IS, "seconds", METRIC_LOWER, "a time: seconds" },
	{ CONTAINS, "tps", METRIC_HIGHER, "name has tps" },
	{ ENDS, "_per_s", METRIC_HIGHER, "name ends in _per_s" },
	{ ENDS, "_ops_s", METRIC_HIGHER, "name ends in _ops_s" },
	{ ENDS, "_mb_s", METRIC_HIGHER, "name ends in _mb_s (MB/s)" },
	{ ENDS, "_ratio", METRIC_HIGHER, "name ends in _ratio" },
	{ ENDS, "_per_tx", METRIC_LOWER, "name ends in _per_tx (work per transaction)" },
	{ ENDS, "_per_op", METRIC_LOWER, "name ends in _per_op (work per operation)" },
	{ ENDS, "_per_mb", METRIC_LOWER, "name ends in _per_mb (work per MB)" },
	{ ENDS, "_per_sleep", METRIC_LOWER, "name ends in _per_sleep (work per sleep)" },
	{ CONTAINS, "below", METRIC_HIGHER, "name has below (a share of fast outcomes)" },
	{ IS, "transactions", METRIC_HIGHER, "transactions completed in the window" },
	{ ENDS, "_bytes", METRIC_NEITHER, "name ends in _bytes (a size)" },
	{ ENDS, "_mb", METRIC_NEITHER, "name ends in _mb (a size)" },
	{ IS, "rows", METRIC_NEITHER, "a count the case sets: rows" },
	{ IS, "batches", METRIC_NEITHER, "a count the case sets: batches" },
};

static bool matches(const struct rule *r, const char *name)
{
	size_t n = strlen(name), t = strlen(r->text);

	switch (r->match) {
	case CONTAINS: return strstr(name, r->text) != NULL;
	case ENDS: return n > t && strcmp(name + n - t, r->text) == 0;
	case IS: return strcmp(name, r->text) == 0;
	}
	return false;
}

enum metric_direction metric_direction(const char *name, const char **rule)
{
	for (size_t i = 0; i < sizeof rules / sizeof *rules; i++)
		if (matches(&rules[i], name)) {
			if (rule)
				*rule = rules[i].rule;
			return rules[i].direction;
		}
	if (rule)
		*rule = NULL;
	return METRIC_UNKNOWN;
}

int metric_print_direction(FILE *f, const char *name)
{
	const char *rule;

	switch (metric_direction(name, &rule)) {
	case METRIC_HIGHER:
	case METRIC_LOWER:
		fprintf(f, "%s: %s is better (%s)\n", name,
			metric_direction(name, NULL) == METRIC_HIGHER ? "higher" : "lower", rule);
		if (fflush(f) != 0 || ferror(f)) {
			fail("could not write to stdout:");
			return 2;
		}
		return 0;
	case METRIC_NEITHER:
		fail("--metric-direction: '%s' has no better or worse (%s)", name, rule);
		return 2;
	case METRIC_UNKNOWN:
		break;
	}
	fail("--metric-direction: no direction known for '%s' (the table in report/metric.c, "
	     "doc/report.md)", name);
	return 2;
}

const char *measurement_case(const struct measurement *m)
{
	const char *group = jr_str(jr_get(m->json, "group"));

	return group ? group : m->id;
}

/* Whether m is of case_id: its group (the case without the repeat) or
 * its id; as a shell pattern when patterns. */
static bool of_case(const struct measurement *m, const char *case_id, bool patterns)
{
	if (patterns)
		return fnmatch(case_id, m->id, 0) == 0 || fnmatch(case_id, measurement_case(m), 0) == 0;
	return strcmp(m->id, case_id) == 0 || strcmp(measurement_case(m), case_id) == 0;
}

/* "a, b, c" of the distinct strings names[0..n), at most 8 and "...". */
static char *list_of(char **names, size_t n)
{
	char *out = xstrdup("");
	size_t shown = 0;

	for (size_t i = 0; i < n; i++) {
		bool seen = false;
		for (size_t j = 0; j < i && !seen; j++)
			seen = strcmp(names[i], names[j]) == 0;
		if (seen)
			continue;
		char *next = shown == 8 ? xasprintf("%s, ...", out) :
			xasprintf("%s%s%s", out, shown ? ", " : "", names[i]);
		free(out);
		out = next;
		if (shown++ == 8)
			break;
	}
	return out;
}

/* The error of --case naming no case of ds: the cases there are. */
static int no_case(const struct dataset *ds, const char *case_id)
{
	char **names = xcalloc(ds->nm ? ds->nm : 1, sizeof *names), *list;

	for (size_t i = 0; i < ds->nm; i++)
		names[i] = (char *)measurement_case(&ds->m[i]);
	list = list_of(names, ds->nm);
	fail("--case: no case '%s' in the runs (cases: %s)", case_id, list);
	free(list);
	free(names);
	return 2;
}

/* The error of --metric naming no metric of the measurements left: the
 * metrics the first of them has. */
static int no_metric(const struct dataset *ds, const char *metric)
{
	const struct jr_value *metrics = ds->nm ? jr_get(ds->m[0].json, "metrics") : NULL;
	char **names = xcalloc(metrics && metrics->count ? metrics->count : 1, sizeof *names), *list;
	size_t n = 0;

	for (size_t i = 0; metrics && i < metrics->count; i++)
		names[n++] = metrics->keys[i];
	list = list_of(names, n);
	fail("--metric: no measurement%s has the metric '%s' (%s has: %s)",
	     ds->nm ? " of these" : "", metric, ds->nm ? ds->m[0].workload : "none", list);
	free(list);
	free(names);
	return 2;
}

/* Whether m has a number for the metric name: in *v. */
static bool metric_value(const struct measurement *m, const char *name, double *v)
{
	return jr_num(jr_get(jr_get(m->json, "metrics"), name), v) && isfinite(*v);
}

/* m's figure becomes metrics.NAME; false when it has no number for it.
 * The direction is the line's for its primary metric, else the table's
 * (dir). */
static bool take_metric(struct measurement *m, const char *name, enum metric_direction dir)
{
	double v;

	if (!metric_value(m, name, &v))
		return false;
	if (strcmp(m->metric, name) != 0) {
		free(m->metric);
		free(m->unit);
		m->metric = xstrdup(name);
		m->unit = xstrdup(name);
		m->higher_is_better = dir == METRIC_HIGHER;
		/* Its per-second series holds the primary metric only. */
		free(m->series);
		m->series = NULL;
	}
	m->value = v;
	return true;
}

/* What a measurement is kept by: a list of cases, or a metric to take. */
struct selection {
	char *const *cases;
	size_t ncases;
	bool patterns;
	const char *metric;
	enum metric_direction dir;
};

static bool of_cases(struct measurement *m, const struct selection *s)
{
	for (size_t c = 0; c < s->ncases; c++)
		if (of_case(m, s->cases[c], s->patterns))
			return true;
	return false;
}

static bool takes_metric(struct measurement *m, const struct selection *s)
{
	return take_metric(m, s->metric, s->dir);
}

/* Keep the measurements for which keep(m, s) holds, in their order. */
static void keep_if(struct dataset *ds, bool (*keep)(struct measurement *, const struct selection *),
		    const struct selection *s)
{
	size_t kept = 0;

	for (size_t i = 0; i < ds->nm; i++) {
		if (keep(&ds->m[i], s))
			ds->m[kept++] = ds->m[i];
		else
			measurement_free(&ds->m[i]);
	}
	ds->nm = kept;
}

int dataset_select_cases(struct dataset *ds, char *const *cases, size_t n, bool patterns)
{
	const struct selection s = { .cases = cases, .ncases = n, .patterns = patterns };

	if (n == 0)
		return 0;
	for (size_t c = 0; c < n; c++) {
		bool any = false;
		for (size_t i = 0; i < ds->nm && !any; i++)
			any = of_case(&ds->m[i], cases[c], patterns);
		if (!any)
			return no_case(ds, cases[c]);
	}
	keep_if(ds, of_cases, &s);
	return 0;
}

int dataset_select(struct dataset *ds, const char *case_id, const char *metric)
{
	enum metric_direction dir = METRIC_UNKNOWN;
	const char *rule;
	size_t kept = 0;
	bool secondary = false;
	char *cases[] = { (char *)case_id };

	if (case_id && dataset_select_cases(ds, cases, 1, false) != 0)
		return 2;
	if (!metric)
		return 0;
	dir = metric_direction(metric, &rule);
	for (size_t i = 0; i < ds->nm; i++)
		secondary |= strcmp(ds->m[i].metric, metric) != 0 &&
			jr_get(jr_get(ds->m[i].json, "metrics"), metric) != NULL;
	if (secondary && dir == METRIC_NEITHER) {
		fail("--metric: '%s' has no better or worse (%s): compare a rate or a time",
		     metric, rule);
		return 2;
	}
	if (secondary && dir == METRIC_UNKNOWN) {
		fail("--metric: no direction known for '%s' (higher or lower is better: "
		     "the table in report/metric.c, doc/report.md)", metric);
		return 2;
	}
	kept = 0;
	for (size_t i = 0; i < ds->nm && !kept; i++) {
		double v;
		kept += metric_value(&ds->m[i], metric, &v);
	}
	if (!kept)
		return no_metric(ds, metric);
	keep_if(ds, takes_metric, &(struct selection){ .metric = metric, .dir = dir });
	return 0;
}
