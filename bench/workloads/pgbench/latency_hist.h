/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * latency_hist.h: latencies in a fixed-size log-linear histogram, for
 * percentiles of any number of transactions in bounded memory.
 *
 * Latencies are whole microseconds (as pgbench logs them).  Below
 * 2 * LATENCY_HIST_SUB (256 us) every microsecond has its own bucket;
 * above, each power of two is cut into LATENCY_HIST_SUB buckets of equal
 * width, so that a bucket is at most 1/LATENCY_HIST_SUB of its lower
 * bound wide.  A percentile is the middle of the bucket that holds the
 * nearest-rank value (clamped to the smallest and largest latency seen),
 * so it is within LATENCY_HIST_ERROR (1/256, 0.39 %) of the exact one,
 * and exact below 256 us.  The whole histogram is LATENCY_HIST_BUCKETS
 * counts (26 KiB), whatever the number of latencies.
 */
#ifndef BOOTBENCH_LATENCY_HIST_H
#define BOOTBENCH_LATENCY_HIST_H

#include <stdint.h>

#define LATENCY_HIST_SUB_BITS 7
#define LATENCY_HIST_SUB      (1u << LATENCY_HIST_SUB_BITS)
/* 2 * SUB exact buckets, then SUB for each power of two from 2^8 to 2^31 */
#define LATENCY_HIST_BUCKETS  (2 * LATENCY_HIST_SUB + (32 - LATENCY_HIST_SUB_BITS - 1) * LATENCY_HIST_SUB)
/* The largest relative difference of a percentile from the exact one. */
#define LATENCY_HIST_ERROR    (1.0 / (2 * LATENCY_HIST_SUB))

struct latency_hist {
	uint64_t count[LATENCY_HIST_BUCKETS];
	uint64_t n;
	uint32_t min, max;
};

void latency_hist_init(struct latency_hist *h);
void latency_hist_add(struct latency_hist *h, uint32_t us);

/* The bucket of us, and the bucket's smallest and largest value. */
unsigned latency_hist_bucket(uint32_t us);
void latency_hist_bounds(unsigned bucket, uint32_t *lo, uint32_t *hi);

/* The nearest-rank percentile (permille: 500, 900, 990, 999), in us,
 * within LATENCY_HIST_ERROR of the exact one; 0 if there is none. */
double latency_hist_percentile(const struct latency_hist *h, unsigned permille);

#endif
