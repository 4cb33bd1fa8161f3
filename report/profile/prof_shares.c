/* SPDX-License-Identifier: GPL-2.0-only */
/* prof_shares.c: shares, top functions and movers (prof_shares.h). */
#include "report/profile/prof_shares.h"

#include "report/stats/compare.h"
#include "report/util.h"
#include "report/stats/welch.h"
#include "common/stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The idle task's samples: perf names the process of pid 0 swapper. */
static bool idle_task(const struct funcs *fs, uint32_t comm)
{
	return strncmp(fs->comms[comm], "swapper", 7) == 0;
}

/* One boot's shares in %: self[f] and total[f] added to the cell's sums,
 * self[f] and the kinds' and idle task's shares kept for the boot. */
static void boot_shares(const struct funcs *fs, const struct stacks *s, double *self,
			double *total_sum, double kinds[NKINDS + 1])
{
	double *total = xcalloc(fs->n, sizeof *total), scale = 100.0 / (double)s->samples;
	size_t *seen = xcalloc(fs->n, sizeof *seen);

	memset(kinds, 0, (NKINDS + 1) * sizeof *kinds);
	for (size_t i = 0; i < s->n; i++) {
		const struct stack *st = &s->v[i];
		double w = (double)st->count * scale;
		if (idle_task(fs, st->comm))
			kinds[NKINDS] += w;
		if (st->nframes == 0) {
			kinds[KIND_OTHER] += w;
			continue;
		}
		self[st->frames[st->nframes - 1]] += w;
		kinds[fs->v[st->frames[st->nframes - 1]].kind] += w;
		/* Once per stack however often it recurs: seen[] holds the
		 * stack's number plus 1 where it was counted. */
		for (size_t k = 0; k < st->nframes; k++)
			if (seen[st->frames[k]] != i + 1) {
				seen[st->frames[k]] = i + 1;
				total[st->frames[k]] += w;
			}
	}
	for (size_t f = 0; f < fs->n; f++)
		total_sum[f] += total[f];
	free(seen);
	free(total);
}

/* The order of the lists: the larger share first, then by name. */
static const struct funcs *sort_funcs;

static int cmp_share(const void *a, const void *b)
{
	const struct prof_share *x = a, *y = b;

	if (x->self != y->self)
		return x->self < y->self ? 1 : -1;
	if (x->total != y->total)
		return x->total < y->total ? 1 : -1;
	return strcmp(sort_funcs->v[x->func].name, sort_funcs->v[y->func].name);
}

void prof_shares(const struct funcs *fs, struct prof_cell *c, const struct stacks *boots)
{
	double *self, *total;
	struct prof_share *all;
	size_t n[NKINDS] = { 0 };

	if (c->boots == 0)
		return;
	c->nfuncs = fs->n;
	c->boot_self = xcalloc(c->boots, sizeof *c->boot_self);
	c->boot_kind = xcalloc(c->boots, sizeof *c->boot_kind);
	self = xcalloc(fs->n, sizeof *self);
	total = xcalloc(fs->n, sizeof *total);
	for (size_t b = 0; b < c->boots; b++) {
		c->boot_self[b] = xcalloc(fs->n, sizeof **c->boot_self);
		boot_shares(fs, &boots[b], c->boot_self[b], total, c->boot_kind[b]);
		for (size_t f = 0; f < fs->n; f++)
			self[f] += c->boot_self[b][f];
		for (int k = 0; k < NKINDS; k++)
			c->kind_pct[k] += c->boot_kind[b][k] / (double)c->boots;
		c->idle_pct += c->boot_kind[b][NKINDS] / (double)c->boots;
	}
	/* The top functions of each kind by their self share. */
	all = xcalloc(fs->n, sizeof *all);
	for (int k = 0; k < NKINDS; k++) {
		n[k] = 0;
		for (size_t f = 0; f < fs->n; f++)
			if (fs->v[f].kind == (enum func_kind)k && self[f] > 0)
				all[n[k]++] = (struct prof_share){ (uint32_t)f,
					self[f] / (double)c->boots, total[f] / (double)c->boots };
		sort_funcs = fs;
		qsort(all, n[k], sizeof *all, cmp_share);
		c->ntop[k] = n[k] < PROFILE_TOP ? n[k] : PROFILE_TOP;
		c->top[k] = xcalloc(c->ntop[k], sizeof *c->top[k]);
		memcpy(c->top[k], all, c->ntop[k] * sizeof *all);
	}
	free(all);
	for (size_t f = 0; f < fs->n; f++) {
		self[f] /= (double)c->boots;
		total[f] /= (double)c->boots;
	}
	c->self = self;
	c->total = total;
}

void prof_change(const double *a, size_t na, const double *b, size_t nb, double alpha,
		 struct prof_change *out)
{
	struct welch w;

	memset(out, 0, sizeof *out);
	out->compared = na > 0 && nb > 0;
	out->lo = out->hi = NAN;
	if (!out->compared)
		return;
	out->change = stats_mean(a, na) - stats_mean(b, nb);
	if (!welch_test(a, na, b, nb, &w))
		return;
	double sa = stats_stddev(a, na), sb = stats_stddev(b, nb);
	double se = sqrt(sa * sa / (double)na + sb * sb / (double)nb);
	double tc = student_t_critical(alpha, w.df);
	out->interval = true;
	out->lo = out->change - tc * se;
	out->hi = out->change + tc * se;
	out->claim = na >= MIN_BOOTS && nb >= MIN_BOOTS;
	out->exceeds = out->claim && w.p < alpha;
}

/* The self shares of function f in each boot of c, into v. */
static void boot_values(const struct prof_cell *c, size_t f, double *v)
{
	for (size_t b = 0; b < c->boots; b++)
		v[b] = c->boot_self[b][f];
}

static int cmp_mover(const void *a, const void *b)
{
	const struct prof_mover *x = a, *y = b;
	double dx = fabs(x->self.change), dy = fabs(y->self.change);

	if (dx != dy)
		return dx < dy ? 1 : -1;
	return strcmp(sort_funcs->v[x->func].name, sort_funcs->v[y->func].name);
}

void prof_movers(const struct funcs *fs, struct prof_cell *c, const struct prof_cell *base,
		 double alpha)
{
	double *va, *vb;
	struct prof_mover *all;
	size_t n = 0;

	if (c->boots == 0 || base->boots == 0)
		return;
	va = xcalloc(c->boots, sizeof *va);
	vb = xcalloc(base->boots, sizeof *vb);
	for (int k = 0; k <= NKINDS; k++) {
		struct prof_change *out = k < NKINDS ? &c->kind_change[k] : &c->idle_change;
		for (size_t b = 0; b < c->boots; b++)
			va[b] = c->boot_kind[b][k];
		for (size_t b = 0; b < base->boots; b++)
			vb[b] = base->boot_kind[b][k];
		prof_change(va, c->boots, vb, base->boots, alpha, out);
	}
	all = xcalloc(fs->n, sizeof *all);
	for (size_t f = 0; f < fs->n; f++) {
		struct prof_mover *m = &all[n];
		boot_values(c, f, va);
		boot_values(base, f, vb);
		m->value = stats_mean(va, c->boots);
		m->base = stats_mean(vb, base->boots);
		if (m->value == 0 && m->base == 0)
			continue;
		m->func = (uint32_t)f;
		prof_change(va, c->boots, vb, base->boots, alpha, &m->self);
		m->total_change = c->total[f] - base->total[f];
		n++;
	}
	sort_funcs = fs;
	qsort(all, n, sizeof *all, cmp_mover);
	c->nmovers = n < PROFILE_MOVERS ? n : PROFILE_MOVERS;
	c->movers = xcalloc(c->nmovers, sizeof *c->movers);
	memcpy(c->movers, all, c->nmovers * sizeof *all);
	free(all);
	free(va);
	free(vb);
}

/* "+31.21*": a change in points and its mark; "" when not compared. */
void prof_fmt_change(char *buf, size_t size, const struct prof_change *c)
{
	if (!c->compared)
		snprintf(buf, size, "%s", "");
	else
		snprintf(buf, size, "%+.2f%s", c->change, c->exceeds ? "*" : "");
}

/* "[+28.03, +34.39]", or "" without an interval. */
void prof_fmt_interval(char *buf, size_t size, const struct prof_change *c)
{
	if (!c->interval)
		snprintf(buf, size, "%s", "");
	else
		snprintf(buf, size, "[%+.2f, %+.2f]", c->lo, c->hi);
}
