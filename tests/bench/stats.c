/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * common/stats.c: each figure against one worked out by hand.
 */
#include "common/stats.h"
#include "tap.h"

#include <stdlib.h>

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void spread(void)
{
	/* Sum 40, mean 5; squared deviations 9+1+1+1+0+0+4+16 = 32;
	 * sample variance 32/7, stddev sqrt(32/7) = 2.1380899; CoV / 5. */
	double v[] = { 2, 4, 4, 4, 5, 5, 7, 9 };

	is_num(stats_mean(v, N(v)), 5, "mean of 2 4 4 4 5 5 7 9");
	is_num(stats_stddev(v, N(v)), sqrt(32.0 / 7.0), "sample stddev (n - 1)");
	is_num(stats_cov(v, N(v)), sqrt(32.0 / 7.0) / 5, "CoV as a fraction");
	is_num(stats_min(v, N(v)), 2, "min");
	is_num(stats_max(v, N(v)), 9, "max");
	is_num(v[0] + v[7], 11, "the input is not changed");

	double one[] = { 42 };
	is_num(stats_mean(one, 1), 42, "mean of one value");
	is_num(stats_stddev(one, 1), 0, "stddev of one value is 0");
	is_num(stats_cov(one, 1), 0, "CoV of one value is 0");
	is_num(stats_mean(NULL, 0), 0, "mean of nothing is 0");
	is_num(stats_stddev(NULL, 0), 0, "stddev of nothing is 0");
	is_num(stats_min(NULL, 0), 0, "min of nothing is 0");
	is_num(stats_max(NULL, 0), 0, "max of nothing is 0");

	double zero_mean[] = { -1, 1 };
	is_num(stats_cov(zero_mean, 2), 0, "CoV with mean 0 is 0");
	/* Mean -2, deviations 1 and 1: stddev sqrt(2), CoV sqrt(2)/2. */
	double negative[] = { -1, -3 };
	is_num(stats_cov(negative, 2), sqrt(2.0) / 2, "CoV of a negative mean is positive");
	double same[] = { 7, 7, 7 };
	is_num(stats_cov(same, 3), 0, "CoV of equal values is 0");

	/* 3 / (1 + 1/2 + 1/4) = 3 / (7/4) = 12/7. */
	double h[] = { 1, 2, 4 };
	is_num(stats_hmean(h, 3), 12.0 / 7.0, "harmonic mean of 1 2 4");
	double h2[] = { 40, 60 };
	is_num(stats_hmean(h2, 2), 48, "harmonic mean of 40 and 60 is 48");
	double hz[] = { 1, 0, 4 };
	is_num(stats_hmean(hz, 3), 0, "harmonic mean with a 0 is 0");
	double hn[] = { 1, -2 };
	is_num(stats_hmean(hn, 2), 0, "harmonic mean with a negative value is 0");
	is_num(stats_hmean(NULL, 0), 0, "harmonic mean of nothing is 0");
}

static void order(void)
{
	double odd[] = { 5, 1, 3 };
	is_num(stats_median(odd, 3), 3, "median of 5 1 3");
	is_num(odd[0], 5, "median does not sort its input");
	double even[] = { 4, 1, 3, 2 };
	is_num(stats_median(even, 4), 2.5, "median of an even count: mean of the middle two");
	double one[] = { 9 };
	is_num(stats_median(one, 1), 9, "median of one value");
	is_num(stats_median(NULL, 0), 0, "median of nothing is 0");
	double dup[] = { 2, 8, 2, 8, 2 };
	is_num(stats_median(dup, 5), 2, "median with repeated values");

	double v[] = { 0.5, -1, 3, 2, 2 };
	stats_sort(v, 5);
	ok(v[0] == -1 && v[1] == 0.5 && v[2] == 2 && v[3] == 2 && v[4] == 3,
	   "stats_sort sorts ascending");

	/* Nearest rank: the value at rank ceil(p / 100 * n), from 1. */
	double w[] = { 15, 20, 35, 40, 50 };
	is_num(stats_percentile_sorted(w, 5, 5), 15, "p5 of 15 20 35 40 50: rank 1");
	is_num(stats_percentile_sorted(w, 5, 30), 20, "p30: rank ceil(1.5) = 2");
	is_num(stats_percentile_sorted(w, 5, 40), 20, "p40: rank 2 exactly");
	is_num(stats_percentile_sorted(w, 5, 50), 35, "p50: rank ceil(2.5) = 3");
	is_num(stats_percentile_sorted(w, 5, 100), 50, "p100: the largest");

	double *h = malloc(1000 * sizeof(*h));
	for (int i = 0; i < 1000; i++)
		h[i] = i + 1;        /* 1 .. 1000: the value is its rank */
	is_num(stats_percentile_sorted(h, 100, 7), 7, "p7 of 1..100 is 7 (7%% of 100 is rank 7)");
	is_num(stats_percentile_sorted(h, 100, 14), 14, "p14 of 1..100 is 14");
	is_num(stats_percentile_sorted(h, 100, 56), 56, "p56 of 1..100 is 56");
	is_num(stats_percentile_sorted(h, 100, 99), 99, "p99 of 1..100 is 99");
	is_num(stats_percentile_sorted(h, 100, 99.5), 100, "p99.5 of 1..100 is 100");
	is_num(stats_percentile_sorted(h, 1000, 99.9), 999, "p99.9 of 1..1000 is 999");
	is_num(stats_percentile_sorted(h, 1000, 50), 500, "p50 of 1..1000 is 500");
	is_num(stats_percentile_sorted(h, 1000, 90), 900, "p90 of 1..1000 is 900");
	is_num(stats_percentile_sorted(h, 1000, 0.01), 1, "p0.01 of 1..1000 is the smallest");
	is_num(stats_percentile_sorted(h, 10, 99), 10, "p99 of 1..10 is 10");
	is_num(stats_percentile_sorted(h, 10, 90), 9, "p90 of 1..10 is 9");
	is_num(stats_percentile_sorted(h, 10, 91), 10, "p91 of 1..10 is 10");
	bool all = true;
	for (int n = 1; n <= 1000; n += 37)
		for (int p = 1; p <= 100; p++) {
			/* rank = ceil(p * n / 100) in integers */
			int rank = (p * n + 99) / 100;
			all &= stats_percentile_sorted(h, (size_t)n, p) == rank;
		}
	ok(all, "whole-percent percentiles match the integer nearest rank");
	is_num(stats_percentile_sorted(h, 0, 50), 0, "percentile of nothing is 0");
	free(h);
}

int main(void)
{
	spread();
	order();
	return tap_done();
}
