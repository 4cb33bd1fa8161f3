/* describe.c: n, mean, median, harmonic mean, spread of a sample. */
#include "describe.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double describe_variance(const double *x, size_t n, double mean)
{
	double ss = 0;

	if (n < 2)
		return 0;
	for (size_t i = 0; i < n; i++)
		ss += (x[i] - mean) * (x[i] - mean);
	return ss / (double)(n - 1);
}

/* The median of x[0..n), n >= 1, sorting a copy (NAN without memory). */
static double median(const double *x, size_t n)
{
	double *s = malloc(n * sizeof *s), m;

	if (!s)
		return NAN;
	memcpy(s, x, n * sizeof *s);
	qsort(s, n, sizeof *s, cmp_double);
	m = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	free(s);
	return m;
}

void describe(const double *x, size_t n, struct describe *d)
{
	double sum = 0, inv = 0;
	int positive = 1;

	d->n = n;
	if (n == 0) {
		d->mean = d->median = d->hmean = d->stddev = d->cov = NAN;
		d->min = d->max = NAN;
		return;
	}
	d->min = d->max = x[0];
	for (size_t i = 0; i < n; i++) {
		sum += x[i];
		if (x[i] > 0)
			inv += 1 / x[i];
		else
			positive = 0;
		d->min = fmin(d->min, x[i]);
		d->max = fmax(d->max, x[i]);
	}
	d->mean = sum / (double)n;
	d->median = median(x, n);
	d->hmean = positive ? (double)n / inv : NAN;
	d->stddev = sqrt(describe_variance(x, n, d->mean));
	d->cov = d->mean != 0 ? 100 * d->stddev / fabs(d->mean) : NAN;
}
