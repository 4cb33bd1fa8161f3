/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * stats.h: descriptive statistics of a sample of doubles.
 *
 * Shared by the suite runner (percentiles of latencies, the CoV of
 * repeats) and the report.  None of them changes its input except
 * stats_sort(); the order statistics copy and sort.
 */
#ifndef BOOTBENCH_STATS_H
#define BOOTBENCH_STATS_H

#include <stddef.h>

double stats_mean(const double *v, size_t n);
/* Sample standard deviation (n - 1); 0 for n < 2. */
double stats_stddev(const double *v, size_t n);
/* Coefficient of variation stddev / mean, as a fraction; 0 if the mean is 0. */
double stats_cov(const double *v, size_t n);
/* Harmonic mean; 0 if any value is <= 0 or n == 0. */
double stats_hmean(const double *v, size_t n);
/* Median (mean of the middle two for even n); 0 for n == 0. */
double stats_median(const double *v, size_t n);
double stats_min(const double *v, size_t n);
double stats_max(const double *v, size_t n);
/* Nearest-rank percentile of sorted values: the smallest value with at
 * least p percent of the values at or below it (p in (0, 100]). */
double stats_percentile_sorted(const double *sorted, size_t n, double p);
void stats_sort(double *v, size_t n);

#endif
