/* SPDX-License-Identifier: GPL-2.0-only */
/* describe.c: the figures of a table cell, from common/stats.c. */
#include "report/stats/describe.h"
#include "common/stats.h"

#include <math.h>

void describe(const double *x, size_t n, struct describe *d)
{
	d->n = n;
	if (n == 0) {
		d->mean = d->median = d->hmean = d->stddev = d->cov = NAN;
		d->min = d->max = NAN;
		return;
	}
	d->mean = stats_mean(x, n);
	d->median = stats_median(x, n);
	d->hmean = stats_min(x, n) > 0 ? stats_hmean(x, n) : NAN;
	d->stddev = stats_stddev(x, n);
	d->cov = d->mean != 0 ? 100 * stats_cov(x, n) : NAN;
	d->min = stats_min(x, n);
	d->max = stats_max(x, n);
}
