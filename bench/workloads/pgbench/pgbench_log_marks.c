/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pgbench_log_marks.c: the marks, instants at which the runner read the
 * CPU counters, and the transactions ended by each, from a log of
 * transactions (pgbench_log.h; a log of seconds counts them in
 * pgbench_log_seconds.c).
 */
#include "bench/workloads/pgbench/pgbench_log.h"

#include <stdlib.h>

long pgbench_log_mark(struct pgbench_log *l, long long at_us)
{
	if (l->n_marks == l->cap_marks) {
		size_t cap = l->cap_marks ? 2 * l->cap_marks : 64;
		struct pgbench_mark *m = realloc(l->marks, cap * sizeof(*m));
		if (!m)
			return -1;
		l->marks = m;
		l->cap_marks = cap;
	}
	if (l->n_marks > 0 && at_us < l->marks[l->n_marks - 1].at_us)
		at_us = l->marks[l->n_marks - 1].at_us;
	l->marks[l->n_marks] = (struct pgbench_mark){ .at_us = at_us };
	return (long)l->n_marks++;
}

void pgbench_log_pass_marks(struct pgbench_log *l, struct pgbench_client *c,
			    const struct pgbench_txn *t)
{
	double between = (double)(t->number - c->number);
	double span = (double)(t->end_us - c->end_us);

	for (; c->next_mark < l->n_marks && l->marks[c->next_mark].at_us < t->end_us;
	     c->next_mark++) {
		double before = (double)(l->marks[c->next_mark].at_us - c->end_us);
		double n = (double)c->number;
		if (span > 0 && before > 0)
			n += between * (before < span ? before / span : 1.0);
		l->marks[c->next_mark].count += n;
	}
}

void pgbench_log_close_marks(struct pgbench_log *l)
{
	for (int i = 0; i < l->cfg.clients; i++) {
		struct pgbench_client *c = &l->clients[i];
		for (; c->next_mark < l->n_marks; c->next_mark++)
			l->marks[c->next_mark].count += (double)c->number;
	}
}

bool pgbench_log_marked(const struct pgbench_log *l, size_t *from, size_t *to)
{
	size_t a = 0, b = l->n_marks;

	while (a < l->n_marks && l->marks[a].at_us < l->window_start_us)
		a++;
	while (b > 0 && l->marks[b - 1].at_us > l->window_end_us)
		b--;
	if (b == 0 || a >= b - 1)
		return false;
	*from = a;
	*to = b - 1;
	return true;
}
