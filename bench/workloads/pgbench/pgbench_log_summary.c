/* SPDX-License-Identifier: GPL-2.0-only */
/* pgbench_log_summary.c: the window's figures and its per-second series (pgbench_log.h). */
#include "bench/workloads/pgbench/pgbench_log.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define US_PER_S 1000000.0

/* Logged lines stand for 1/rate transactions each. */
static double scaled(const struct pgbench_log *l, long long logged)
{
	return (double)logged / l->cfg.sampling_rate;
}

static double completed(const struct pgbench_log *l, double total,
			long long failed, long long skipped)
{
	double n = total - scaled(l, failed) - scaled(l, skipped);
	return n > 0 ? n : 0;
}

/* The mean lag of seconds [from, to), in ms. */
static double lag_of(const struct pgbench_log *l, size_t from, size_t to)
{
	double sum = 0, n = 0;
	for (size_t k = from; k < to; k++) {
		sum += l->seconds[k].lag_sum_us;
		n += (double)l->seconds[k].logged;
	}
	return n > 0 ? sum / n / 1000.0 : 0;
}

void pgbench_log_summarize(const struct pgbench_log *l, struct pgbench_log_summary *s)
{
	memset(s, 0, sizeof(*s));
	if (!l->finished)
		return;
	s->window_s = (double)(l->window_end_us - l->window_start_us) / US_PER_S;
	double all = l->bound[l->n_seconds] - l->bound[0];
	s->transactions = llround(completed(l, all, l->failed, l->skipped));
	s->failed = llround(scaled(l, l->failed));
	s->skipped = llround(scaled(l, l->skipped));
	s->late = llround(scaled(l, l->late));
	s->logged = l->logged;
	if (s->window_s > 0)
		s->tps = (double)s->transactions / s->window_s;
	s->percentiles = !l->cfg.per_second;
	s->lag = l->cfg.lag;
	s->marked = pgbench_log_marked(l, &s->mark_from, &s->mark_to);
	if (s->marked)
		s->marked_transactions = l->marks[s->mark_to].count -
			l->marks[s->mark_from].count;
	if (l->logged == 0)
		return;
	s->latency_avg_ms = l->latency_mean_us / 1000.0;
	s->latency_stddev_ms = sqrt(fmax(l->latency_m2, 0) / (double)l->logged) / 1000.0;
	s->latency_max_ms = l->latency_max_us / 1000.0;
	if (s->percentiles) {
		s->latency_p50_ms = latency_hist_percentile(l->hist, 500) / 1000.0;
		s->latency_p90_ms = latency_hist_percentile(l->hist, 900) / 1000.0;
		s->latency_p99_ms = latency_hist_percentile(l->hist, 990) / 1000.0;
		s->latency_p999_ms = latency_hist_percentile(l->hist, 999) / 1000.0;
	}
	if (s->lag) {
		s->lag_avg_ms = l->lag_sum_us / (double)l->logged / 1000.0;
		s->lag_max_ms = l->lag_max_us / 1000.0;
		size_t q = l->n_seconds / 4;
		if (q > 0) {
			s->lag_first_ms = lag_of(l, 0, q);
			s->lag_last_ms = lag_of(l, l->n_seconds - q, l->n_seconds);
		}
	}
}

char *pgbench_log_series_csv(const struct pgbench_log *l, size_t *len)
{
	static const char header[] = "second,tps,latency_avg_ms,latency_max_ms,failed";
	size_t cap = sizeof(header) + 32 + l->n_seconds * 128, used;
	char *buf = malloc(cap);

	if (!buf)
		return NULL;
	used = (size_t)snprintf(buf, cap, "%s%s\n", header,
				l->cfg.lag ? ",lag_avg_ms,skipped" : "");
	for (size_t k = 0; l->finished && k < l->n_seconds && used < cap; k++) {
		const struct pgbench_second *s = &l->seconds[k];
		/* a last second with less than half of it inside the window
		 * would give a rate from a few transactions: left out */
		if (s->length_s < 0.5)
			break;
		double n = completed(l, s->total, s->failed, s->skipped);
		double avg = s->logged ? s->latency_sum_us / (double)s->logged / 1000.0 : 0.0;
		used += (size_t)snprintf(buf + used, cap - used, "%zu,%.3f,%.3f,%.3f,%lld",
					 k + 1, n / s->length_s, avg, s->latency_max_us / 1000.0,
					 llround(scaled(l, s->failed)));
		if (l->cfg.lag && used < cap)
			used += (size_t)snprintf(buf + used, cap - used, ",%.3f,%lld",
						 s->logged ? s->lag_sum_us / (double)s->logged / 1000.0 : 0.0,
						 llround(scaled(l, s->skipped)));
		if (used < cap)
			used += (size_t)snprintf(buf + used, cap - used, "\n");
	}
	*len = used < cap ? used : cap - 1;
	return buf;
}
