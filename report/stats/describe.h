/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * describe.h: descriptive statistics of a sample of measured values
 * (common/stats.h), with NAN where a figure does not exist.
 */
#ifndef BOOTBENCH_REPORT_DESCRIBE_H
#define BOOTBENCH_REPORT_DESCRIBE_H

#include <stddef.h>

struct describe {
	size_t n;
	double mean;
	double median;  /* mean of the two middle values when n is even */
	double hmean;   /* harmonic mean; NAN unless every value is > 0 */
	double stddev;  /* sample standard deviation (n - 1); 0 when n < 2 */
	double cov;     /* coefficient of variation stddev / mean, in %; NAN if mean is 0 */
	double min, max;
};

/* Describe x[0..n); n may be 0 (every figure NAN, n 0). x is not changed. */
void describe(const double *x, size_t n, struct describe *d);

#endif
