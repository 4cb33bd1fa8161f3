/* SPDX-License-Identifier: GPL-2.0-only */
/* stats.c: mean, spread, order statistics. */
#include "common/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

double stats_mean(const double *v, size_t n)
{
	double sum = 0;
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	return n ? sum / (double)n : 0;
}

double stats_stddev(const double *v, size_t n)
{
	if (n < 2)
		return 0;
	double mean = stats_mean(v, n), sum = 0;
	for (size_t i = 0; i < n; i++)
		sum += (v[i] - mean) * (v[i] - mean);
	return sqrt(sum / (double)(n - 1));
}

double stats_cov(const double *v, size_t n)
{
	double mean = stats_mean(v, n);
	return mean != 0 ? stats_stddev(v, n) / fabs(mean) : 0;
}

double stats_hmean(const double *v, size_t n)
{
	double sum = 0;
	for (size_t i = 0; i < n; i++) {
		if (v[i] <= 0)
			return 0;
		sum += 1 / v[i];
	}
	return n ? (double)n / sum : 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

void stats_sort(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_double);
}

double stats_median(const double *v, size_t n)
{
	if (n == 0)
		return 0;
	double *copy = malloc(n * sizeof(*copy));
	if (!copy)
		abort();
	memcpy(copy, v, n * sizeof(*copy));
	stats_sort(copy, n);
	double m = n % 2 ? copy[n / 2] : (copy[n / 2 - 1] + copy[n / 2]) / 2;
	free(copy);
	return m;
}

double stats_min(const double *v, size_t n)
{
	double m = n ? v[0] : 0;
	for (size_t i = 1; i < n; i++)
		if (v[i] < m)
			m = v[i];
	return m;
}

double stats_max(const double *v, size_t n)
{
	double m = n ? v[0] : 0;
	for (size_t i = 1; i < n; i++)
		if (v[i] > m)
			m = v[i];
	return m;
}

double stats_percentile_sorted(const double *sorted, size_t n, double p)
{
	if (n == 0)
		return 0;
	/* p * n / 100 in floating point can land just above a whole
	 * number (7 % of 100 is 7.000000000000001): that number is the rank. */
	double x = p * (double)n / 100.0, whole = round(x);
	double rank = fabs(x - whole) <= 1e-9 * fmax(1.0, whole) ? whole : ceil(x);
	size_t i = rank < 1 ? 0 : (size_t)rank - 1;
	return sorted[i < n ? i : n - 1];
}
