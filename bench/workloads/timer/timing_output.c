/* SPDX-License-Identifier: GPL-2.0-only */
/* timing_output.c: read pg_test_timing's loop time and histogram. */
#include "bench/workloads/timer/timing_output.h"

#include <stdio.h>
#include <string.h>

void timing_report_init(struct timing_report *r)
{
	memset(r, 0, sizeof(*r));
}

void timing_report_line(struct timing_report *r, const char *line)
{
	const char *loop = "Per loop time including overhead: ";
	long long bound, count;
	double pct;
	char rest;

	if (strncmp(line, loop, strlen(loop)) == 0) {
		r->have_loop = sscanf(line + strlen(loop), "%lf ns", &r->loop_ns) == 1;
		return;
	}
	if (strncmp(line, "Histogram of timing durations", 29) == 0) {
		r->in_histogram = true;
		return;
	}
	if (!r->in_histogram ||
	    sscanf(line, " %lld %lf %lld %c", &bound, &pct, &count, &rest) != 3)
		return;
	r->buckets++;
	if (bound == 1)
		r->below_1us_pct = pct;
	if (count > 0)
		r->max_us = bound;
	r->loops += count;
}

int timing_report_check(const struct timing_report *r, char *err, size_t len)
{
	if (!r->have_loop) {
		snprintf(err, len, "pg_test_timing printed no \"Per loop time "
			 "including overhead\" line");
		return -1;
	}
	if (r->buckets == 0 || r->loops <= 0) {
		snprintf(err, len, "pg_test_timing printed no histogram");
		return -1;
	}
	return 0;
}
