/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The marks of pgbench's log: the instants at which the runner read the
 * CPU counters, each with the transactions ended by then (those in flight
 * by the part of their time that had passed), given as the runner gives
 * them, before the lines of the transactions that ended after them; and
 * the window's first and last mark.  Logs of transactions (every one
 * logged, or a sample) and of seconds, worked out by hand.
 */
#include "bench/workloads/pgbench/pgbench_log.h"
#include "tap.h"

#include <stdlib.h>

#define E 1700000000LL
#define AT(s) (E * 1000000 + (long long)((s) * 1e6 + 0.5))

/*
 * Two clients in a closed loop (each transaction begins as the last one
 * ends), E = 1700000000:
 *
 *   client 0: #1 ends E+0.2 (began E), then every 0.4 s: #2 E+0.6,
 *             #3 E+1.0, #4 E+1.4, #5 E+1.8, #6 E+2.2, #7 E+2.6, #8 E+3.0
 *   client 1: #1 ends E+0.5 (began E), then every 1 s: #2 E+1.5,
 *             #3 E+2.5, #4 E+3.5
 *
 * With a warm-up of 1 s and 2 s measured, the window is [E+1, E+3).
 * Marks and the transactions ended by them:
 *
 *   E+0.8  c0 2 + 0.2/0.4 of #3 = 2.5   c1 1 + 0.3/1 of #2 = 1.3   3.8
 *   E+1.2  c0 3 + 0.5 = 3.5             c1 1 + 0.7 = 1.7           5.2
 *   E+2.0  c0 5 + 0.5 = 5.5             c1 2 + 0.5 = 2.5           8.0
 *   E+2.9  c0 7 + 0.3/0.4 = 7.75        c1 3 + 0.4 = 3.4          11.15
 *   E+3.2  c0 8 (its last)              c1 3 + 0.7 = 3.7          11.7
 *
 * In the window: E+1.2, E+2.0, E+2.9; from the first to the last,
 * 11.15 - 5.2 = 5.95 transactions.
 */
struct step {
	double mark;               /* > 0: a mark at E + mark; else a line: */
	int client;
	long long number;
	double end;                /* E + end */
	double latency;            /* s */
};

static const struct step steps[] = {
	{ 0.8, 0, 0, 0, 0 },
	{ 0, 0, 1, 0.2, 0.2 }, { 0, 0, 2, 0.6, 0.4 }, { 0, 0, 3, 1.0, 0.4 },
	{ 0, 1, 1, 0.5, 0.5 },
	{ 1.2, 0, 0, 0, 0 },
	{ 0, 0, 4, 1.4, 0.4 }, { 0, 0, 5, 1.8, 0.4 }, { 0, 1, 2, 1.5, 1.0 },
	{ 2.0, 0, 0, 0, 0 },
	{ 0, 0, 6, 2.2, 0.4 }, { 0, 0, 7, 2.6, 0.4 }, { 0, 1, 3, 2.5, 1.0 },
	{ 2.9, 0, 0, 0, 0 },
	{ 0, 0, 8, 3.0, 0.4 },
	{ 3.2, 0, 0, 0, 0 },
	{ 0, 1, 4, 3.5, 1.0 },
};

/* The steps; lines of client 0 whose number is not a multiple of keep_every
 * are left out (a sample).  0, or -1 with why in err. */
static int run(struct pgbench_log *l, double sampling, int keep_every,
	       char *err, size_t len)
{
	struct pgbench_log_config cfg = {
		.warmup_s = 1, .duration_s = 2, .clients = 2, .sampling_rate = sampling,
	};
	char line[128];

	if (pgbench_log_init(l, &cfg) < 0)
		return -1;
	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		const struct step *s = &steps[i];
		if (s->mark > 0) {
			if (pgbench_log_mark(l, AT(s->mark)) < 0)
				return -1;
			continue;
		}
		if (s->client == 0 && s->number % keep_every != 0)
			continue;
		long long end = AT(s->end);
		snprintf(line, sizeof(line), "%d %lld %lld 0 %lld %lld", s->client, s->number,
			 (long long)(s->latency * 1e6 + 0.5), end / 1000000, end % 1000000);
		if (pgbench_log_line(l, (size_t)s->client, line, err, len) < 0)
			return -1;
	}
	return pgbench_log_finish(l, err, len);
}

static void every_one(void)
{
	static const double want[] = { 3.8, 5.2, 8.0, 11.15, 11.7 };
	struct pgbench_log l;
	struct pgbench_log_summary s;
	char err[256] = "";

	ok(run(&l, 1, 1, err, sizeof(err)) == 0, "every transaction logged: read (%s)", err);
	is_int(l.n_marks, 5, "five marks");
	for (size_t k = 0; k < 5 && k < l.n_marks; k++)
		ok(fabs(l.marks[k].count - want[k]) < 1e-9,
		   "mark %zu: %.2f transactions ended (%.6f)", k, want[k], l.marks[k].count);
	pgbench_log_summarize(&l, &s);
	ok(s.marked && s.mark_from == 1 && s.mark_to == 3,
	   "the window's marks: the 2nd (E+1.2) to the 4th (E+2.9) (%d: %zu, %zu)",
	   s.marked, s.mark_from, s.mark_to);
	ok(fabs(s.marked_transactions - 5.95) < 1e-9, "5.95 transactions between them (%.6f)",
	   s.marked_transactions);
	pgbench_log_free(&l);
}

/* Client 0 logs #2, #4, #6, #8 only: between two logged lines its
 * transactions are spread evenly, which for a steady client is exact. */
static void sampled(void)
{
	struct pgbench_log l;
	struct pgbench_log_summary s;
	char err[256] = "";

	ok(run(&l, 0.5, 2, err, sizeof(err)) == 0, "half of client 0's lines: read (%s)", err);
	pgbench_log_summarize(&l, &s);
	/* E+1.2: c0's #2 at E+0.6, #4 at E+1.4: 2 + 2 * 0.6/0.8 = 3.5, as before */
	ok(l.n_marks == 5 && fabs(l.marks[1].count - 5.2) < 1e-9 &&
	   fabs(l.marks[3].count - 11.15) < 1e-9,
	   "the marks in the window count as with every line (%.6f, %.6f)",
	   l.n_marks > 3 ? l.marks[1].count : 0, l.n_marks > 3 ? l.marks[3].count : 0);
	ok(s.marked && fabs(s.marked_transactions - 5.95) < 1e-9,
	   "5.95 transactions between them (%.6f)", s.marked_transactions);
	pgbench_log_free(&l);
}

/* A window with fewer than two marks has none to give. */
static void too_few(void)
{
	struct pgbench_log_config cfg = { .warmup_s = 1, .duration_s = 2, .clients = 1,
					  .sampling_rate = 1 };
	struct pgbench_log l;
	struct pgbench_log_summary s;
	char err[256] = "";
	int rc = pgbench_log_init(&l, &cfg);

	rc |= pgbench_log_mark(&l, AT(0.5)) < 0 ? -1 : 0;
	rc |= pgbench_log_line(&l, 0, "0 1 1000000 0 1700000001 0", err, sizeof(err));
	rc |= pgbench_log_mark(&l, AT(1.5)) < 0 ? -1 : 0;
	rc |= pgbench_log_line(&l, 0, "0 2 1000000 0 1700000002 0", err, sizeof(err));
	rc |= pgbench_log_line(&l, 0, "0 3 1000000 0 1700000003 0", err, sizeof(err));
	rc |= pgbench_log_mark(&l, AT(3.5)) < 0 ? -1 : 0;
	rc |= pgbench_log_finish(&l, err, sizeof(err));
	ok(rc == 0, "one client, marks at E+0.5, E+1.5, E+3.5: read (%s)", err);
	pgbench_log_summarize(&l, &s);
	ok(!s.marked, "one mark in the window [E+1, E+3): no stretch");
	is_int(pgbench_log_mark(&l, AT(1.0)), 3, "a mark before the last one: the next number");
	is_int(l.marks[3].at_us, AT(3.5), "... at the last one's time");
	pgbench_log_free(&l);
}

/*
 * A log of seconds, two threads, a second's transactions spread evenly
 * over it.  Seconds (both threads): E 3+1, E+1 4+2, E+2 5+3, E+3 2+4.
 * Every thread's first whole second is E+1 and its last E+3: without a
 * warm-up or a duration the window is [E+1, E+4).  Marks: E+0.5 holds
 * 4 * 0.5 = 2 (before the window); E+1.25: 4 + 6 * 0.25 = 5.5; E+3.5:
 * 4 + 6 + 8 + 6 * 0.5 = 21; between the window's two, 15.5.
 */
static void seconds(void)
{
	static const char *const lines[2][4] = {
		{ "1700000000 3 300 30000 100 100 0 0 0 0 0 0 0 0 0",
		  "1700000001 4 400 40000 100 100 0 0 0 0 0 0 0 0 0",
		  "1700000002 5 500 50000 100 100 0 0 0 0 0 0 0 0 0",
		  "1700000003 2 200 20000 100 100 0 0 0 0 0 0 0 0 0" },
		{ "1700000000 1 100 10000 100 100 0 0 0 0 0 0 0 0 0",
		  "1700000001 2 200 20000 100 100 0 0 0 0 0 0 0 0 0",
		  "1700000002 3 300 30000 100 100 0 0 0 0 0 0 0 0 0",
		  "1700000003 4 400 40000 100 100 0 0 0 0 0 0 0 0 0" },
	};
	struct pgbench_log_config cfg = { .clients = 2, .per_second = true, .sampling_rate = 1 };
	struct pgbench_log l;
	struct pgbench_log_summary s;
	char err[256] = "";
	int rc = pgbench_log_init(&l, &cfg);

	rc |= pgbench_log_mark(&l, AT(0.5)) < 0 ? -1 : 0;
	for (int k = 0; k < 4; k++) {
		if (k == 2)
			rc |= pgbench_log_mark(&l, AT(1.25)) < 0 ? -1 : 0;
		for (size_t t = 0; t < 2; t++)
			rc |= pgbench_log_line(&l, t, lines[t][k], err, sizeof(err));
	}
	rc |= pgbench_log_mark(&l, AT(3.5)) < 0 ? -1 : 0;
	rc |= pgbench_log_finish(&l, err, sizeof(err));
	ok(rc == 0, "a log of seconds with three marks: read (%s)", err);
	ok(l.n_marks == 3 && fabs(l.marks[0].count - 2) < 1e-9 &&
	   fabs(l.marks[1].count - 5.5) < 1e-9 && fabs(l.marks[2].count - 21) < 1e-9,
	   "E+0.5: 2, E+1.25: 5.5, E+3.5: 21 transactions");
	pgbench_log_summarize(&l, &s);
	ok(s.marked && s.mark_from == 1 && s.mark_to == 2 &&
	   fabs(s.marked_transactions - 15.5) < 1e-9,
	   "the window's marks: the 2nd and the 3rd, 15.5 transactions apart (%.6f)",
	   s.marked_transactions);
	pgbench_log_free(&l);
}

int main(void)
{
	every_one();
	sampled();
	too_few();
	seconds();
	return tap_done();
}
