/* SPDX-License-Identifier: GPL-2.0-only */
/* pgbench_log.c: the window's figures from a log of transactions, a line at a time (pgbench_log.h). */
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

int pgbench_log_init(struct pgbench_log *l, const struct pgbench_log_config *cfg)
{
	memset(l, 0, sizeof(*l));
	l->cfg = *cfg;
	if (!(l->cfg.sampling_rate > 0 && l->cfg.sampling_rate <= 1))
		l->cfg.sampling_rate = 1;
	if (l->cfg.clients < 1)
		l->cfg.clients = 1;
	l->warmup_us = (long long)cfg->warmup_s * US_PER_S;
	l->duration_us = (long long)cfg->duration_s * US_PER_S;
	l->begin_us = LLONG_MAX;
	l->end_us = LLONG_MIN;
	l->clients = calloc((size_t)l->cfg.clients, sizeof(*l->clients));
	l->hist = malloc(sizeof(*l->hist));
	if (!l->clients || !l->hist) {
		pgbench_log_free(l);
		return -1;
	}
	latency_hist_init(l->hist);
	return 0;
}

void pgbench_log_free(struct pgbench_log *l)
{
	pgbench_log_seconds_free(l);
	free(l->pending);
	free(l->clients);
	free(l->seconds);
	free(l->bound);
	free(l->hist);
	free(l->marks);
	l->marks = NULL;
	l->pending = NULL;
	l->clients = NULL;
	l->seconds = NULL;
	l->bound = NULL;
	l->hist = NULL;
}

int pgbench_log_grow(struct pgbench_log *l, size_t n)
{
	if (n <= l->cap_seconds)
		return 0;
	size_t cap = l->cap_seconds ? l->cap_seconds : 64;
	while (cap < n)
		cap *= 2;
	struct pgbench_second *s = realloc(l->seconds, cap * sizeof(*s));
	if (!s)
		return -1;
	l->seconds = s;
	double *b = realloc(l->bound, (cap + 1) * sizeof(*b));
	if (!b)
		return -1;
	l->bound = b;
	memset(s + l->cap_seconds, 0, (cap - l->cap_seconds) * sizeof(*s));
	memset(b + l->cap_seconds + (l->cap_seconds ? 1 : 0), 0,
	       (cap + 1 - l->cap_seconds - (l->cap_seconds ? 1 : 0)) * sizeof(*b));
	l->cap_seconds = cap;
	return 0;
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

static uint32_t clamp_u32(long long v)
{
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

static int parse(const struct pgbench_log *l, const char *line,
		 struct pgbench_txn *t, char *err, size_t len)
{
	const char *p = line;
	long long client, number, latency, script, epoch, usec, lag = 0;
	char word[16];

	if (!field(&p, &client, NULL, 0) || !field(&p, &number, NULL, 0) ||
	    !field(&p, &latency, word, sizeof(word)) ||
	    !field(&p, &script, NULL, 0) || !field(&p, &epoch, NULL, 0) ||
	    !field(&p, &usec, NULL, 0) || usec >= US_PER_S ||
	    epoch > LATEST_EPOCH_S || number < 1 ||
	    (l->cfg.lag && !field(&p, &lag, NULL, 0))) {
		int n = (int)strcspn(line, "\r\n");
		snprintf(err, len, "not a pgbench log line: \"%.*s\"",
			 n > 80 ? 80 : n, line);
		return -1;
	}
	if (client >= l->cfg.clients) {
		snprintf(err, len, "client %lld, but pgbench ran %d", client, l->cfg.clients);
		return -1;
	}
	t->client = (int)client;
	t->number = number;
	t->end_us = epoch * US_PER_S + usec;
	t->kind = word[0] == '\0' ? 'c' : strcmp(word, "skipped") == 0 ? 's' : 'f';
	t->latency_us = t->kind == 'c' ? clamp_u32(latency) : 0;
	t->lag_us = clamp_u32(lag);
	return 0;
}

/* The boundary k of the window's seconds. */
static long long bound_us(const struct pgbench_log *l, size_t k)
{
	return l->window_start_us + (long long)k * US_PER_S;
}

/* The highest boundary: the window's end, or none (to the end). */
static size_t last_bound(const struct pgbench_log *l)
{
	return l->duration_us > 0 ? (size_t)(l->duration_us / US_PER_S) : SIZE_MAX;
}

/* The boundaries client c passes on its way to t: how many of its
 * transactions ended before each, taking those it did not log as spread
 * evenly between its logged ones. */
static int pass_bounds(struct pgbench_log *l, struct pgbench_client *c,
		       const struct pgbench_txn *t, char *err, size_t len)
{
	size_t k = c->next_bound, top = last_bound(l);

	if (t->end_us < l->window_start_us)
		return 0;
	long long reach = (t->end_us - l->window_start_us) / US_PER_S;
	if (reach > PGBENCH_LOG_WINDOW_MAX_S) {
		snprintf(err, len, "pgbench's log spans more than a run lasts (%lld s)",
			 PGBENCH_LOG_WINDOW_MAX_S);
		return -1;
	}
	size_t upto = (size_t)reach < top ? (size_t)reach : top;
	if (upto + 1 > l->cap_seconds && pgbench_log_grow(l, upto + 1) < 0) {
		snprintf(err, len, "out of memory for %zu seconds", upto + 1);
		return -1;
	}
	double unlogged = (double)(t->number - c->number - 1);
	double span = (double)(t->end_us - c->end_us);
	for (; k <= upto; k++) {
		double before = (double)(bound_us(l, k) - c->end_us);
		double n = (double)c->number;
		if (span > 0 && before > 0)
			n += unlogged * (before < span ? before / span : 1.0);
		l->bound[k] += n;
	}
	c->next_bound = k;
	return 0;
}

/* A line once the window is known. */
static int take(struct pgbench_log *l, const struct pgbench_txn *t, char *err, size_t len)
{
	struct pgbench_client *c = &l->clients[t->client];

	if (t->number <= c->number) {
		snprintf(err, len, "client %d's transaction %lld comes after its %lld",
			 t->client, t->number, c->number);
		return -1;
	}
	if (l->cfg.sampling_rate >= 1 && t->number != c->number + 1) {
		snprintf(err, len, "client %d's log goes from transaction %lld to %lld: "
			 "lines are missing", t->client, c->number, t->number);
		return -1;
	}
	if (pass_bounds(l, c, t, err, len) < 0)
		return -1;
	pgbench_log_pass_marks(l, c, t);
	l->numbers += t->number - c->number;
	c->number = t->number;
	if (t->end_us > c->end_us)
		c->end_us = t->end_us;
	long long end = l->duration_us > 0 ? l->window_start_us + l->duration_us : LLONG_MAX;
	if (t->end_us < l->window_start_us || t->end_us >= end)
		return 0;
	size_t k = (size_t)((t->end_us - l->window_start_us) / US_PER_S);
	if (k + 1 > l->n_seconds)
		l->n_seconds = k + 1;
	struct pgbench_second *sec = &l->seconds[k];
	if (t->kind == 's') {
		l->skipped++;
		sec->skipped++;
		return 0;
	}
	if (t->kind == 'f') {
		l->failed++;
		sec->failed++;
		return 0;
	}
	latency_hist_add(l->hist, t->latency_us);
	l->logged++;
	double d = t->latency_us - l->latency_mean_us;
	l->latency_mean_us += d / (double)l->logged;
	l->latency_m2 += d * (t->latency_us - l->latency_mean_us);
	if (t->latency_us > l->latency_max_us)
		l->latency_max_us = t->latency_us;
	if (l->cfg.latency_limit_us > 0 && t->latency_us > l->cfg.latency_limit_us)
		l->late++;
	l->lag_sum_us += t->lag_us;
	if (t->lag_us > l->lag_max_us)
		l->lag_max_us = t->lag_us;
	sec->logged++;
	sec->latency_sum_us += t->latency_us;
	sec->lag_sum_us += t->lag_us;
	if (t->latency_us > sec->latency_max_us)
		sec->latency_max_us = t->latency_us;
	if (t->lag_us > sec->lag_max_us)
		sec->lag_max_us = t->lag_us;
	return 0;
}

/* The beginning is known: fix the window's start, take the lines kept. */
static int set_window(struct pgbench_log *l, char *err, size_t len)
{
	l->window_set = true;
	l->window_start_us = l->begin_us + l->warmup_us;
	for (int i = 0; i < l->cfg.clients; i++)
		l->clients[i].end_us = l->begin_us;
	if (pgbench_log_grow(l, 1) < 0) {
		snprintf(err, len, "out of memory for the window");
		return -1;
	}
	for (size_t i = 0; i < l->n_pending; i++)
		if (take(l, &l->pending[i], err, len) < 0)
			return -1;
	free(l->pending);
	l->pending = NULL;
	l->n_pending = l->cap_pending = 0;
	return 0;
}

static int keep(struct pgbench_log *l, const struct pgbench_txn *t, char *err, size_t len)
{
	if (l->n_pending == l->cap_pending) {
		size_t cap = l->cap_pending ? 2 * l->cap_pending : 1024;
		struct pgbench_txn *p = realloc(l->pending, cap * sizeof(*p));
		if (!p) {
			snprintf(err, len, "out of memory for %zu lines", cap);
			return -1;
		}
		l->pending = p;
		l->cap_pending = cap;
	}
	if (!l->clients[t->client].seen) {
		l->clients[t->client].seen = true;
		l->clients_seen++;
	}
	l->pending[l->n_pending++] = *t;
	return 0;
}

int pgbench_log_line(struct pgbench_log *l, size_t file, const char *line,
		     char *err, size_t len)
{
	struct pgbench_txn t;

	if (l->cfg.per_second)
		return pgbench_log_second_line(l, file, line, err, len);
	if (line[strspn(line, " \t\r\n")] == '\0')
		return 0;
	if (l->finished) {
		snprintf(err, len, "a line after the end");
		return -1;
	}
	if (parse(l, line, &t, err, len) < 0)
		return -1;
	l->lines++;
	if (t.end_us > l->end_us)
		l->end_us = t.end_us;
	if (l->window_set)
		return take(l, &t, err, len);
	long long start = t.end_us - t.latency_us;
	if (start < l->begin_us)
		l->begin_us = start;
	if (keep(l, &t, err, len) < 0)
		return -1;
	if (l->clients_seen < (size_t)l->cfg.clients && l->n_pending < PGBENCH_LOG_PENDING_MAX)
		return 0;
	return set_window(l, err, len);
}

/* Every client's count at the boundaries it never passed: all it did. */
static void close_bounds(struct pgbench_log *l)
{
	double *tail = calloc(l->n_seconds + 1, sizeof(*tail));
	double add = 0;

	for (int i = 0; i < l->cfg.clients; i++) {
		const struct pgbench_client *c = &l->clients[i];
		if (c->number > 0 && c->next_bound <= l->n_seconds) {
			if (tail)
				tail[c->next_bound] += (double)c->number;
			else        /* out of memory: the slow way */
				for (size_t k = c->next_bound; k <= l->n_seconds; k++)
					l->bound[k] += (double)c->number;
		}
	}
	for (size_t k = 0; tail && k <= l->n_seconds; k++) {
		add += tail[k];
		l->bound[k] += add;
	}
	free(tail);
}

int pgbench_log_finish(struct pgbench_log *l, char *err, size_t len)
{
	if (l->cfg.per_second)
		return pgbench_log_seconds_finish(l, err, len);
	if (l->lines == 0) {
		snprintf(err, len, "pgbench logged no transaction");
		return -1;
	}
	if (!l->window_set && set_window(l, err, len) < 0)
		return -1;
	long long start = l->window_start_us, end = l->end_us + 1;   /* the last one is inside */
	if (l->duration_us > 0 && start + l->duration_us < end)
		end = start + l->duration_us;
	if (end <= start) {
		snprintf(err, len, "pgbench's log ends %.1f s into the run, "
			 "before the warm-up of %.0f s is over",
			 (double)(l->end_us - l->begin_us) / US_PER_S,
			 (double)l->warmup_us / US_PER_S);
		return -1;
	}
	l->window_end_us = end;
	l->n_seconds = (size_t)((end - start + US_PER_S - 1) / US_PER_S);
	if (pgbench_log_grow(l, l->n_seconds) < 0) {
		snprintf(err, len, "out of memory for %zu seconds", l->n_seconds);
		return -1;
	}
	close_bounds(l);
	pgbench_log_close_marks(l);
	for (size_t k = 0; k < l->n_seconds; k++) {
		long long left = end - bound_us(l, k);
		l->seconds[k].length_s = left >= US_PER_S ? 1.0 : (double)left / US_PER_S;
		l->seconds[k].total = l->bound[k + 1] - l->bound[k];
	}
	l->finished = true;
	return 0;
}
