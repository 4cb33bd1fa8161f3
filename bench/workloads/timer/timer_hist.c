/* SPDX-License-Identifier: GPL-2.0-only */
/* timer_hist.c: delays in 1 µs buckets, and their percentiles. */
#include "bench/workloads/timer/timer_hist.h"

#include <math.h>
#include <string.h>

void hist_init(struct delay_hist *h)
{
	memset(h, 0, sizeof(*h));
}

void hist_add(struct delay_hist *h, double us)
{
	if (!(us >= 0))
		us = 0;
	size_t i = us >= HIST_BUCKETS ? HIST_BUCKETS : (size_t)us;

	h->count[i]++;
	if (h->n == 0 || us < h->min_us)
		h->min_us = us;
	if (h->n == 0 || us > h->max_us)
		h->max_us = us;
	h->n++;
}

double hist_percentile(const struct delay_hist *h, double p)
{
	if (h->n == 0)
		return 0;
	/* Nearest rank: the smallest sample with at least p % at or below it. */
	unsigned long long rank = (unsigned long long)ceil(p / 100.0 * (double)h->n);
	if (rank < 1)
		rank = 1;
	if (rank > h->n)
		rank = h->n;

	unsigned long long seen = 0;
	size_t i = 0;
	for (; i < HIST_BUCKETS; i++) {
		seen += h->count[i];
		if (seen >= rank)
			break;
	}
	double v = i < HIST_BUCKETS ? (double)(i + 1) : h->max_us;
	if (v > h->max_us)
		v = h->max_us;
	if (v < h->min_us)
		v = h->min_us;
	return v;
}

void hist_print(const struct delay_hist *h, const char *name, FILE *out)
{
	fprintf(out, "# %s: %llu samples, min %.3f us, max %.3f us; "
		"bucket from_us to_us count\n", name, h->n, h->min_us, h->max_us);
	for (size_t i = 0; i < HIST_BUCKETS; i++)
		if (h->count[i])
			fprintf(out, "%s %zu %zu %llu\n", name, i, i + 1, h->count[i]);
	if (h->count[HIST_BUCKETS])
		fprintf(out, "%s %d inf %llu\n", name, HIST_BUCKETS,
			h->count[HIST_BUCKETS]);
}
