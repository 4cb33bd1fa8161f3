/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pgbench_log_seconds.c: the window's figures from pgbench's logs of
 * seconds (pgbench -l --aggregate-interval 1 --failures-detailed), a line
 * at a time: each second of the run is summed over the threads, and the
 * window is cut out of them at the end (pgbench_log.h).
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

/* Each file's first and last second, and every second of the run. */
struct pgbench_files {
	struct { long long first_s, last_s; } *file;
	size_t n_files;
	struct pgbench_second *run;   /* run[i] is second base_s + i */
	long long base_s;
	size_t n_run;
};

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

void pgbench_log_seconds_free(struct pgbench_log *l)
{
	if (!l->files)
		return;
	free(l->files->file);
	free(l->files->run);
	free(l->files);
	l->files = NULL;
}

/* The entry of second s in the run, made if need be; NULL with why in err. */
static struct pgbench_second *run_second(struct pgbench_files *fs, long long s,
					 char *err, size_t len)
{
	if (fs->n_run == 0)
		fs->base_s = s;
	long long lo = s < fs->base_s ? s : fs->base_s;
	long long hi = s >= fs->base_s + (long long)fs->n_run ? s + 1 :
		fs->base_s + (long long)fs->n_run;
	if (hi - lo > PGBENCH_LOG_WINDOW_MAX_S) {
		snprintf(err, len, "pgbench's log of seconds spans %lld s, longer than a run "
			 "lasts (%lld s)", hi - lo, PGBENCH_LOG_WINDOW_MAX_S);
		return NULL;
	}
	if (lo < fs->base_s || hi > fs->base_s + (long long)fs->n_run) {
		size_t n = (size_t)(hi - lo), shift = (size_t)(fs->base_s - lo);
		struct pgbench_second *r = calloc(n, sizeof(*r));
		if (!r) {
			snprintf(err, len, "out of memory for %zu seconds", n);
			return NULL;
		}
		if (fs->n_run)
			memcpy(r + shift, fs->run, fs->n_run * sizeof(*r));
		free(fs->run);
		fs->run = r;
		fs->base_s = lo;
		fs->n_run = n;
	}
	return &fs->run[s - fs->base_s];
}

int pgbench_log_second_line(struct pgbench_log *l, size_t file, const char *line,
			    char *err, size_t len)
{
	double f[N_FIELDS];
	int rc = parse(line, f, err, len);

	if (rc <= 0)
		return rc;
	if (!l->files && !(l->files = calloc(1, sizeof(*l->files)))) {
		snprintf(err, len, "out of memory");
		return -1;
	}
	struct pgbench_files *fs = l->files;
	if (file >= fs->n_files) {
		void *p = realloc(fs->file, (file + 1) * sizeof(*fs->file));
		if (!p) {
			snprintf(err, len, "out of memory for %zu files", file + 1);
			return -1;
		}
		fs->file = p;
		for (size_t i = fs->n_files; i <= file; i++)
			fs->file[i].first_s = fs->file[i].last_s = LLONG_MIN;
		fs->n_files = file + 1;
	}
	long long second = (long long)f[F_START];
	if (fs->file[file].first_s == LLONG_MIN)
		fs->file[file].first_s = second;
	fs->file[file].last_s = second;
	struct pgbench_second *s = run_second(fs, second, err, len);
	if (!s)
		return -1;
	long long failed = (long long)(f[F_SERIALIZATION] + f[F_DEADLOCK]);
	long long count = (long long)f[F_COUNT], skipped = (long long)f[F_SKIPPED];
	uint32_t max = f[F_MAX] > UINT32_MAX ? UINT32_MAX : (uint32_t)f[F_MAX];
	uint32_t lag_max = f[F_LAG_MAX] > UINT32_MAX ? UINT32_MAX : (uint32_t)f[F_LAG_MAX];

	s->total += (double)(count + failed + skipped);
	s->logged += count;
	s->failed += failed;
	s->skipped += skipped;
	s->latency_sum_us += f[F_SUM];
	s->latency_sum2_us += f[F_SUM2];
	s->lag_sum_us += f[F_LAG_SUM];
	if (max > s->latency_max_us)
		s->latency_max_us = max;
	if (lag_max > s->lag_max_us)
		s->lag_max_us = lag_max;
	l->lines++;
	l->numbers += count + failed + skipped;
	return 0;
}

/* Each mark's transactions: those of the seconds before it, and of its
 * own second the part that had passed. */
static void count_marks(struct pgbench_log *l)
{
	const struct pgbench_files *fs = l->files;
	double before = 0;
	long long s = fs->base_s;

	for (size_t k = 0; k < l->n_marks; k++) {
		struct pgbench_mark *m = &l->marks[k];
		long long second = m->at_us / US_PER_S;
		for (; s < second && s < fs->base_s + (long long)fs->n_run; s++)
			before += fs->run[s - fs->base_s].total;
		m->count = before;
		if (second >= fs->base_s && second < fs->base_s + (long long)fs->n_run)
			m->count += fs->run[second - fs->base_s].total *
				(double)(m->at_us - second * US_PER_S) / US_PER_S;
	}
}

/* The window: from every thread's first whole second, warmup_s later,
 * to the last second every thread wrote or duration_s. */
int pgbench_log_seconds_finish(struct pgbench_log *l, char *err, size_t len)
{
	struct pgbench_files *fs = l->files;
	long long first = LLONG_MIN, last = LLONG_MAX;

	if (!fs || l->lines == 0) {
		snprintf(err, len, "pgbench logged no second");
		return -1;
	}
	for (size_t i = 0; i < fs->n_files; i++) {
		if (fs->file[i].first_s == LLONG_MIN)
			continue;
		/* a thread's first second began before the thread did */
		if (fs->file[i].first_s + 1 > first)
			first = fs->file[i].first_s + 1;
		if (fs->file[i].last_s < last)
			last = fs->file[i].last_s;
	}
	long long start = first + l->warmup_us / US_PER_S, end = last + 1;
	long long duration = l->duration_us / US_PER_S;
	if (duration > 0 && start + duration < end)
		end = start + duration;
	if (end <= start) {
		snprintf(err, len, "pgbench's log of seconds ends %lld whole s into "
			 "the run, before the warm-up of %lld s is over",
			 last + 1 - first, l->warmup_us / US_PER_S);
		return -1;
	}
	l->n_seconds = (size_t)(end - start);
	if (pgbench_log_grow(l, l->n_seconds) < 0) {
		snprintf(err, len, "out of memory for %zu seconds", l->n_seconds);
		return -1;
	}
	double sum = 0, sum2 = 0;
	l->bound[0] = 0;
	for (size_t k = 0; k < l->n_seconds; k++) {
		struct pgbench_second *s = &l->seconds[k];
		*s = fs->run[start - fs->base_s + (long long)k];
		s->length_s = 1.0;
		l->bound[k + 1] = l->bound[k] + s->total;
		l->logged += s->logged;
		l->failed += s->failed;
		l->skipped += s->skipped;
		l->lag_sum_us += s->lag_sum_us;
		sum += s->latency_sum_us;
		sum2 += s->latency_sum2_us;
		if (s->latency_max_us > l->latency_max_us)
			l->latency_max_us = s->latency_max_us;
		if (s->lag_max_us > l->lag_max_us)
			l->lag_max_us = s->lag_max_us;
	}
	if (l->logged > 0) {
		l->latency_mean_us = sum / (double)l->logged;
		l->latency_m2 = sum2 - sum * sum / (double)l->logged;
	}
	l->window_set = true;
	l->window_start_us = start * US_PER_S;
	l->window_end_us = end * US_PER_S;
	count_marks(l);
	l->finished = true;
	return 0;
}
