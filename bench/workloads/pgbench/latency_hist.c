/* SPDX-License-Identifier: GPL-2.0-only */
/* latency_hist.c: a log-linear histogram of latencies (latency_hist.h). */
#include "bench/workloads/pgbench/latency_hist.h"

#include <string.h>

#define EXACT (2 * LATENCY_HIST_SUB)      /* below this, one bucket a microsecond */

void latency_hist_init(struct latency_hist *h)
{
	memset(h, 0, sizeof(*h));
	h->min = UINT32_MAX;
}

/* The position of the highest bit set in v (v > 0). */
static unsigned top_bit(uint32_t v)
{
	return 31u - (unsigned)__builtin_clz(v);
}

unsigned latency_hist_bucket(uint32_t us)
{
	if (us < EXACT)
		return us;
	unsigned k = top_bit(us);                  /* >= 8 */
	unsigned shift = k - LATENCY_HIST_SUB_BITS;
	unsigned sub = (us >> shift) - LATENCY_HIST_SUB;
	return EXACT + (k - LATENCY_HIST_SUB_BITS - 1) * LATENCY_HIST_SUB + sub;
}

void latency_hist_bounds(unsigned bucket, uint32_t *lo, uint32_t *hi)
{
	if (bucket < EXACT) {
		*lo = *hi = bucket;
		return;
	}
	unsigned k = (bucket - EXACT) / LATENCY_HIST_SUB + LATENCY_HIST_SUB_BITS + 1;
	unsigned sub = (bucket - EXACT) % LATENCY_HIST_SUB;
	unsigned shift = k - LATENCY_HIST_SUB_BITS;
	*lo = (uint32_t)(LATENCY_HIST_SUB + sub) << shift;
	*hi = *lo + ((1u << shift) - 1);
}

void latency_hist_add(struct latency_hist *h, uint32_t us)
{
	h->count[latency_hist_bucket(us)]++;
	h->n++;
	if (us < h->min)
		h->min = us;
	if (us > h->max)
		h->max = us;
}

double latency_hist_percentile(const struct latency_hist *h, unsigned permille)
{
	if (h->n == 0)
		return 0;
	/* rank = ceil(permille * n / 1000), from 1 to n */
	uint64_t rank = (permille * h->n + 999) / 1000, seen = 0;
	if (rank < 1)
		rank = 1;
	if (rank > h->n)
		rank = h->n;
	for (unsigned b = 0; b < LATENCY_HIST_BUCKETS; b++) {
		seen += h->count[b];
		if (seen < rank)
			continue;
		uint32_t lo, hi;
		latency_hist_bounds(b, &lo, &hi);
		double mid = ((double)lo + (double)hi) / 2;
		return mid < h->min ? h->min : mid > h->max ? h->max : mid;
	}
	return h->max;
}
