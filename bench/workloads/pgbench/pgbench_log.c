/* SPDX-License-Identifier: GPL-2.0-only */
/* pgbench_log.c: per-second figures and latency percentiles from pgbench -l logs. */
#include "bench/workloads/pgbench/pgbench_log.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define US_PER_S 1000000LL
/* Ends up to here fit in microseconds with room to spare. */
#define LATEST_EPOCH_S 1000000000000LL

/* One line of a log. */
struct txn {
	bool completed;            /* has a latency */
	bool skipped;
	uint32_t latency_us;
	long long end_us;
};

void pgbench_log_init(struct pgbench_log *l, int warmup_s, int duration_s)
{
	memset(l, 0, sizeof(*l));
	l->warmup_us = (long long)warmup_s * US_PER_S;
	l->duration_us = (long long)duration_s * US_PER_S;
	l->begin_us = LLONG_MAX;
	l->end_us = LLONG_MIN;
}

void pgbench_log_init_seconds(struct pgbench_log *l, int warmup_s, int duration_s)
{
	pgbench_log_init(l, warmup_s, duration_s);
	l->per_second = true;
	l->first_s = LLONG_MIN;
	l->last_s = LLONG_MAX;
}

void pgbench_log_free(struct pgbench_log *l)
{
	free(l->seconds);
	free(l->latencies);
	l->seconds = NULL;
	l->latencies = NULL;
}

/* The next field of *p: a whole number >= 0, or (if word is not NULL)
 * a word copied into word.  Returns false if there is none. */
static bool field(const char **p, long long *num, char *word, size_t wlen)
{
	const char *s = *p + strspn(*p, " \t");
	size_t n = strcspn(s, " \t\r\n");

	if (n == 0)
		return false;
	*p = s + n;
	if (s[0] >= '0' && s[0] <= '9') {
		char *end;
		errno = 0;
		*num = strtoll(s, &end, 10);
		if (word)
			word[0] = '\0';
		return errno == 0 && end == s + n;
	}
	if (!word || n >= wlen)
		return false;
	memcpy(word, s, n);
	word[n] = '\0';
	return true;
}

static int parse(const char *line, struct txn *t, char *err, size_t len)
{
	const char *p = line;
	long long client, number, latency, script, epoch, usec;
	char word[16];

	if (!field(&p, &client, NULL, 0) || !field(&p, &number, NULL, 0) ||
	    !field(&p, &latency, word, sizeof(word)) ||
	    !field(&p, &script, NULL, 0) || !field(&p, &epoch, NULL, 0) ||
	    !field(&p, &usec, NULL, 0) || usec >= US_PER_S ||
	    epoch > LATEST_EPOCH_S) {
		int n = (int)strcspn(line, "\r\n");
		snprintf(err, len, "not a pgbench log line: \"%.*s\"",
			 n > 80 ? 80 : n, line);
		return -1;
	}
	t->end_us = epoch * US_PER_S + usec;
	t->completed = word[0] == '\0';
	t->skipped = strcmp(word, "skipped") == 0;
	t->latency_us = !t->completed ? 0 :
		latency > UINT32_MAX ? UINT32_MAX : (uint32_t)latency;
	return 0;
}

static bool blank(const char *line)
{
	return line[strspn(line, " \t\r\n")] == '\0';
}

int pgbench_log_scan_line(struct pgbench_log *l, const char *line,
			  char *err, size_t len)
{
	struct txn t;

	if (l->per_second)
		return pgbench_log_scan_second(l, line, err, len);
	if (blank(line))
		return 0;
	if (parse(line, &t, err, len) < 0)
		return -1;
	long long start = t.end_us - t.latency_us;
	if (start < l->begin_us)
		l->begin_us = start;
	if (t.end_us > l->end_us)
		l->end_us = t.end_us;
	l->lines++;
	l->logged++;
	return 0;
}

int pgbench_log_set_window(struct pgbench_log *l, char *err, size_t len)
{
	if (l->per_second)
		return pgbench_log_set_window_seconds(l, err, len);
	if (l->lines == 0) {
		snprintf(err, len, "pgbench logged no transaction");
		return -1;
	}
	long long start = l->begin_us + l->warmup_us;
	long long end = l->end_us + 1;          /* the last one is inside */
	if (l->duration_us > 0 && start + l->duration_us < end)
		end = start + l->duration_us;
	if (end <= start) {
		snprintf(err, len, "pgbench's log ends %.1f s into the run, "
			 "before the warm-up of %.0f s is over",
			 (double)(l->end_us - l->begin_us) / US_PER_S,
			 (double)l->warmup_us / US_PER_S);
		return -1;
	}
	if (end - start > PGBENCH_LOG_WINDOW_MAX_S * US_PER_S) {
		snprintf(err, len, "pgbench's log spans %.0f s, longer than a run lasts (%lld s)",
			 (double)(end - start) / US_PER_S, PGBENCH_LOG_WINDOW_MAX_S);
		return -1;
	}
	l->window_start_us = start;
	l->window_end_us = end;
	l->n_seconds = (size_t)((end - start + US_PER_S - 1) / US_PER_S);
	l->seconds = calloc(l->n_seconds, sizeof(*l->seconds));
	if (!l->seconds) {
		snprintf(err, len, "out of memory for %zu seconds", l->n_seconds);
		return -1;
	}
	for (size_t k = 0; k < l->n_seconds; k++) {
		long long left = end - (start + (long long)k * US_PER_S);
		l->seconds[k].length_s = left >= US_PER_S ? 1.0 :
			(double)left / US_PER_S;
	}
	l->window_set = true;
	return 0;
}

static int keep_latency(struct pgbench_log *l, uint32_t us)
{
	if (l->n_latencies == l->cap_latencies) {
		size_t cap = l->cap_latencies ? 2 * l->cap_latencies : 4096;
		uint32_t *p = realloc(l->latencies, cap * sizeof(*p));
		if (!p)
			return -1;
		l->latencies = p;
		l->cap_latencies = cap;
	}
	l->latencies[l->n_latencies++] = us;
	l->sorted = false;
	return 0;
}

int pgbench_log_add_line(struct pgbench_log *l, const char *line,
			 char *err, size_t len)
{
	struct txn t;

	if (!l->window_set) {
		snprintf(err, len, "the window is not set");
		return -1;
	}
	if (l->per_second)
		return pgbench_log_add_second(l, line, err, len);
	if (blank(line))
		return 0;
	if (parse(line, &t, err, len) < 0)
		return -1;
	if (t.end_us < l->window_start_us || t.end_us >= l->window_end_us)
		return 0;
	struct pgbench_second *sec =
		&l->seconds[(t.end_us - l->window_start_us) / US_PER_S];
	if (t.skipped) {
		l->skipped++;
	} else if (!t.completed) {
		l->failed++;
		sec->failed++;
	} else {
		if (keep_latency(l, t.latency_us) < 0) {
			snprintf(err, len, "out of memory for %zu latencies",
				 l->n_latencies + 1);
			return -1;
		}
		l->transactions++;
		sec->transactions++;
		sec->latency_sum_us += t.latency_us;
		if (t.latency_us > sec->latency_max_us)
			sec->latency_max_us = t.latency_us;
	}
	return 0;
}

int pgbench_log_read_file(struct pgbench_log *l, const char *path,
			  bool second, char *err, size_t len)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, why[160];
	size_t cap = 0;
	long long n = 0;
	int rc = 0;

	if (!f) {
		snprintf(err, len, "could not open \"%s\": %s", path, strerror(errno));
		return -1;
	}
	l->file_lines = 0;
	while (getline(&line, &cap, f) >= 0) {
		n++;
		rc = second ? pgbench_log_add_line(l, line, why, sizeof(why)) :
			pgbench_log_scan_line(l, line, why, sizeof(why));
		if (rc < 0) {
			snprintf(err, len, "%s:%lld: %s", path, n, why);
			break;
		}
	}
	if (rc == 0 && ferror(f)) {
		snprintf(err, len, "could not read \"%s\": %s", path, strerror(errno));
		rc = -1;
	}
	free(line);
	fclose(f);
	return rc;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

uint32_t pgbench_percentile(const uint32_t *sorted, size_t n, unsigned permille)
{
	if (n == 0)
		return 0;
	/* rank = ceil(permille * n / 1000), in whole numbers */
	size_t rank = ((unsigned long long)permille * n + 999) / 1000;
	if (rank < 1)
		rank = 1;
	if (rank > n)
		rank = n;
	return sorted[rank - 1];
}

void pgbench_log_summarize(struct pgbench_log *l, struct pgbench_log_summary *s)
{
	size_t n = l->n_latencies;
	const uint32_t *v = l->latencies;

	memset(s, 0, sizeof(*s));
	if (l->window_set)
		s->window_s = (double)(l->window_end_us - l->window_start_us) / US_PER_S;
	s->transactions = l->transactions;
	s->failed = l->failed;
	s->skipped = l->skipped;
	if (s->window_s > 0)
		s->tps = (double)l->transactions / s->window_s;
	if (l->per_second) {
		pgbench_log_latency_seconds(l, s);
		return;
	}
	s->percentiles = true;
	if (n == 0)
		return;
	if (!l->sorted) {
		qsort(l->latencies, n, sizeof(*l->latencies), cmp_u32);
		l->sorted = true;
	}
	double sum = 0, sq = 0;
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	double mean = sum / (double)n;
	for (size_t i = 0; i < n; i++)
		sq += (v[i] - mean) * (v[i] - mean);
	s->latency_avg_ms = mean / 1000.0;
	s->latency_stddev_ms = sqrt(sq / (double)n) / 1000.0;
	s->latency_max_ms = v[n - 1] / 1000.0;
	s->latency_p50_ms = pgbench_percentile(v, n, 500) / 1000.0;
	s->latency_p90_ms = pgbench_percentile(v, n, 900) / 1000.0;
	s->latency_p99_ms = pgbench_percentile(v, n, 990) / 1000.0;
	s->latency_p999_ms = pgbench_percentile(v, n, 999) / 1000.0;
}

char *pgbench_log_series_csv(const struct pgbench_log *l, size_t *len)
{
	static const char header[] = "second,tps,latency_avg_ms,latency_max_ms,failed\n";
	size_t cap = sizeof(header) + l->n_seconds * 96, used;
	char *buf = malloc(cap);

	if (!buf)
		return NULL;
	used = (size_t)snprintf(buf, cap, "%s", header);
	for (size_t k = 0; k < l->n_seconds && used < cap; k++) {
		const struct pgbench_second *s = &l->seconds[k];
		/* a last second with less than half of it inside the window
		 * would give a rate from a few transactions: left out */
		if (s->length_s < 0.5)
			break;
		double avg = s->transactions ?
			s->latency_sum_us / (double)s->transactions / 1000.0 : 0.0;
		used += (size_t)snprintf(buf + used, cap - used,
					 "%zu,%.3f,%.3f,%.3f,%lld\n", k + 1,
					 (double)s->transactions / s->length_s, avg,
					 s->latency_max_us / 1000.0, s->failed);
	}
	*len = used < cap ? used : cap - 1;
	return buf;
}
