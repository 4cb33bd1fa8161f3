/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pgbench_log_seconds.c: per-second figures from pgbench's logs of seconds
 * (pgbench -l --aggregate-interval 1 --failures-detailed).
 */
#include "bench/workloads/pgbench/pgbench_log.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define US_PER_S 1000000LL

/* The columns of a line, in order (PostgreSQL 15 and later). */
enum {
	F_START, F_COUNT, F_SUM, F_SUM2, F_MIN, F_MAX,
	F_LAG_SUM, F_LAG_SUM2, F_LAG_MIN, F_LAG_MAX,
	F_SKIPPED, F_RETRIED, F_RETRIES, F_SERIALIZATION, F_DEADLOCK,
	N_FIELDS
};

/* Start times up to here fit in microseconds with room to spare. */
#define LATEST_START_S 1e12
/* More transactions than this in one second of one thread is not a log
 * pgbench wrote; the counts stay far from long long's limit. */
#define COUNT_MAX 1e9

/* A line's fields: whole numbers, read as doubles because the sums of
 * squares can pass 2^63.  1, 0 for a blank line, or -1 with why in err. */
static int parse(const char *line, double f[N_FIELDS], char *err, size_t len)
{
	const char *p = line;
	int n = 0;

	if (line[strspn(line, " \t\r\n")] == '\0')
		return 0;

	for (;;) {
		p += strspn(p, " \t");
		size_t token = strcspn(p, " \t\r\n");
		if (token == 0)
			break;
		if (n == N_FIELDS || strspn(p, "0123456789") != token)
			goto bad;
		f[n++] = strtod(p, NULL);
		p += token;
	}
	if (n == N_FIELDS && f[F_START] < LATEST_START_S && f[F_COUNT] <= COUNT_MAX &&
	    f[F_SKIPPED] <= COUNT_MAX && f[F_SERIALIZATION] <= COUNT_MAX &&
	    f[F_DEADLOCK] <= COUNT_MAX)
		return 1;
bad:;
	int shown = (int)strcspn(line, "\r\n");
	snprintf(err, len, "not a line of a pgbench log of seconds: \"%.*s\"",
		 shown > 80 ? 80 : shown, line);
	return -1;
}

/* The file read before this one ends: its last second bounds the window. */
static void end_file(struct pgbench_log *l, long long last)
{
	if (last < l->last_s)
		l->last_s = last;
}

int pgbench_log_scan_second(struct pgbench_log *l, const char *line,
			    char *err, size_t len)
{
	double f[N_FIELDS];
	int rc = parse(line, f, err, len);

	if (rc <= 0)
		return rc;
	long long second = (long long)f[F_START];
	if (l->file_lines++ == 0) {
		if (l->lines > 0)
			end_file(l, l->file_last_s);
		/* a thread's first second began before the thread did */
		if (second + 1 > l->first_s)
			l->first_s = second + 1;
	}
	l->file_last_s = second;
	l->lines++;
	l->logged += (long long)(f[F_COUNT] + f[F_SERIALIZATION] + f[F_DEADLOCK]);
	return 0;
}

int pgbench_log_set_window_seconds(struct pgbench_log *l, char *err, size_t len)
{
	if (l->lines == 0) {
		snprintf(err, len, "pgbench logged no second");
		return -1;
	}
	end_file(l, l->file_last_s);
	long long start = l->first_s + l->warmup_us / US_PER_S;
	long long end = l->last_s + 1;
	long long duration = l->duration_us / US_PER_S;
	if (duration > 0 && start + duration < end)
		end = start + duration;
	if (end <= start) {
		snprintf(err, len, "pgbench's log of seconds ends %lld whole s into "
			 "the run, before the warm-up of %lld s is over",
			 l->last_s + 1 - l->first_s, l->warmup_us / US_PER_S);
		return -1;
	}
	if (end - start > PGBENCH_LOG_WINDOW_MAX_S) {
		snprintf(err, len, "pgbench's log of seconds spans %lld s, longer than a run "
			 "lasts (%lld s)", end - start, PGBENCH_LOG_WINDOW_MAX_S);
		return -1;
	}
	l->window_start_us = start * US_PER_S;
	l->window_end_us = end * US_PER_S;
	l->n_seconds = (size_t)(end - start);
	l->seconds = calloc(l->n_seconds, sizeof(*l->seconds));
	if (!l->seconds) {
		snprintf(err, len, "out of memory for %zu seconds", l->n_seconds);
		return -1;
	}
	for (size_t k = 0; k < l->n_seconds; k++)
		l->seconds[k].length_s = 1.0;
	l->window_set = true;
	return 0;
}

static uint32_t clamp_u32(double v)
{
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

int pgbench_log_add_second(struct pgbench_log *l, const char *line,
			   char *err, size_t len)
{
	double f[N_FIELDS];
	int rc = parse(line, f, err, len);

	if (rc <= 0)
		return rc;
	long long second = (long long)f[F_START];
	long long start = l->window_start_us / US_PER_S;
	if (second < start || second >= l->window_end_us / US_PER_S)
		return 0;
	struct pgbench_second *sec = &l->seconds[second - start];
	long long count = (long long)f[F_COUNT];
	long long failed = (long long)(f[F_SERIALIZATION] + f[F_DEADLOCK]);
	uint32_t max = clamp_u32(f[F_MAX]);

	sec->transactions += count;
	sec->failed += failed;
	sec->latency_sum_us += f[F_SUM];
	if (max > sec->latency_max_us)
		sec->latency_max_us = max;
	l->transactions += count;
	l->failed += failed;
	l->skipped += (long long)f[F_SKIPPED];
	l->latency_sum_us += f[F_SUM];
	l->latency_sum2_us += f[F_SUM2];
	if (max > l->latency_max_us)
		l->latency_max_us = max;
	return 0;
}

void pgbench_log_latency_seconds(const struct pgbench_log *l,
				 struct pgbench_log_summary *s)
{
	if (l->transactions == 0)
		return;
	double n = (double)l->transactions;
	double mean = l->latency_sum_us / n;
	double var = l->latency_sum2_us / n - mean * mean;
	s->latency_avg_ms = mean / 1000.0;
	s->latency_stddev_ms = (var > 0 ? sqrt(var) : 0.0) / 1000.0;
	s->latency_max_ms = l->latency_max_us / 1000.0;
}
