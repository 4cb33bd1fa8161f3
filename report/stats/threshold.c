/* SPDX-License-Identifier: GPL-2.0-only */
/* threshold.c: --threshold PCT and --threshold METRIC=PCT (threshold.h). */
#include "report/stats/threshold.h"

#include "report/diag.h"

#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

void thresholds_init(struct thresholds *t)
{
	memset(t, 0, sizeof *t);
	t->all = THRESHOLD_DEFAULT_PCT;
}

/* The number of pct, a percentage from 0 to below 100 written with digits
 * and a point, in *out. */
static bool percentage(const char *pct, double *out)
{
	char *end;
	double v = strtod(pct, &end);

	if (strspn(pct, "0123456789.") != strlen(pct) || end == pct || *end || !(v >= 0) || !(v < 100))
		return false;
	*out = v;
	return true;
}

bool thresholds_add(struct thresholds *t, const char *option, const char *arg)
{
	const char *eq = strchr(arg, '=');
	double v;

	if (!percentage(eq ? eq + 1 : arg, &v)) {
		fail("%s: not a percentage from 0 and below 100%s: '%s'", option,
		     eq ? " after METRIC=" : "", arg);
		return false;
	}
	if (!eq) {
		t->all = v;
		return true;
	}
	if (eq == arg) {
		fail("%s: no metric before '=': '%s'", option, arg);
		return false;
	}
	for (size_t i = 0; i < t->n; i++)
		if (t->per[i].len == (size_t)(eq - arg) && strncmp(t->per[i].metric, arg, t->per[i].len) == 0) {
			t->per[i].pct = v;
			return true;
		}
	if (t->n == THRESHOLDS_MAX) {
		fail("%s: more than %d metrics with a threshold of their own", option, THRESHOLDS_MAX);
		return false;
	}
	t->per[t->n].metric = arg;
	t->per[t->n].len = (size_t)(eq - arg);
	t->per[t->n++].pct = v;
	return true;
}

static ssize_t find(const struct thresholds *t, const char *metric)
{
	for (size_t i = 0; i < t->n; i++)
		if (strlen(metric) == t->per[i].len && strncmp(t->per[i].metric, metric, t->per[i].len) == 0)
			return (ssize_t)i;
	return -1;
}

double threshold_of(const struct thresholds *t, const char *metric)
{
	ssize_t i = find(t, metric);

	return i < 0 ? t->all : t->per[i].pct;
}

bool threshold_named(const struct thresholds *t, const char *metric)
{
	return find(t, metric) >= 0;
}
