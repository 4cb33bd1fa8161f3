/* SPDX-License-Identifier: GPL-2.0-only */
/* Reading pgbench's final report, among the other lines of its output. */
#include "bench/workloads/pgbench/pgbench_output.h"
#include "tap.h"

#include <stdlib.h>

/* Feed every line of fixture NAME to the report: 0, or -1 if it does not open. */
static int read_fixture(const char *name, struct pgbench_report *r)
{
	char path[4096], line[1024];
	const char *top = getenv("TOP");

	snprintf(path, sizeof(path), "%s/tests/bench/fixtures/%s",
		 top ? top : ".", name);
	FILE *f = fopen(path, "r");
	if (!ok(f != NULL, "fixture %s opens", name))
		return -1;
	pgbench_report_init(r);
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		pgbench_report_line(r, line);
	}
	fclose(f);
	return 0;
}

/* Written from pgbench 18's printf formats, with failures. */
static void duration_report(void)
{
	struct pgbench_report r;
	char err[256];

	is_int(read_fixture("report-t5-c2.txt", &r), 0,
	       "-T run (with -P progress lines among the report's)");
	is_str(r.transaction_type, "<builtin: TPC-B (sort of)>", "transaction type");
	is_str(r.query_mode, "simple", "query mode");
	is_int(r.scale, 1, "scaling factor");
	is_int(r.clients, 2, "clients");
	is_int(r.threads, 2, "threads");
	is_int(r.duration_s, 5, "duration");
	is_int(r.transactions, 3233, "transactions");
	is_int(r.failed, 3, "failed transactions");
	is_num(r.latency_avg_ms, 2.472, "latency average");
	ok(r.have & REPORT_STDDEV, "latency stddev present");
	is_num(r.latency_stddev_ms, 1.187, "latency stddev");
	is_num(r.initial_connection_ms, 3.912, "initial connection time");
	is_num(r.tps, 646.812345, "tps");
	is_int(pgbench_report_check(&r, err, sizeof(err)), 0, "-T report is complete");
}

/* Output of the image's pgbench 18.6 (quick suite, 2 clients, loop device). */
static void real_report(void)
{
	struct pgbench_report r;
	char err[256];

	is_int(read_fixture("pgbench-18.6-tpcb-like-c2.txt", &r), 0,
	       "pgbench 18.6 (with -P progress lines among the report's)");
	is_int(r.clients, 2, "pgbench 18.6: clients");
	is_int(r.threads, 2, "pgbench 18.6: threads");
	is_int(r.transactions, 494, "pgbench 18.6: transactions");
	is_int(r.failed, 0, "pgbench 18.6: failed transactions");
	is_num(r.latency_avg_ms, 20.008, "pgbench 18.6: latency average");
	is_num(r.latency_stddev_ms, 8.871, "pgbench 18.6: latency stddev");
	is_num(r.tps, 99.840821, "pgbench 18.6: tps");
	is_int(pgbench_report_check(&r, err, sizeof(err)), 0,
	       "pgbench 18.6: report is complete");
}

static void transactions_report(void)
{
	struct pgbench_report r;
	char err[256];

	is_int(read_fixture("report-t-c4.txt", &r), 0, "-t run");
	is_int(r.transactions, 1000, "-t run: transactions before the slash");
	is_str(r.query_mode, "prepared", "-t run: query mode");
	ok(!(r.have & REPORT_DURATION), "-t run: no duration");
	ok(!(r.have & REPORT_STDDEV), "-t run without -P: no latency stddev");
	is_num(r.tps, 19047.619048, "-t run: tps");
	is_int(pgbench_report_check(&r, err, sizeof(err)), 0, "-t report is complete");
}

static void incomplete_report(void)
{
	struct pgbench_report r;
	char err[256];

	pgbench_report_init(&r);
	pgbench_report_line(&r, "number of transactions actually processed: 10");
	pgbench_report_line(&r, "number of failed transactions: 0 (0.000%)");
	pgbench_report_line(&r, "latency average = 1.000 ms");
	is_int(pgbench_report_check(&r, err, sizeof(err)), -1, "report without tps is refused");
	is_str(err, "pgbench's report has no \"tps\" line", "message names the missing line");

	pgbench_report_init(&r);
	pgbench_report_line(&r, "pgbench: error: connection to server on socket "
			    "\"/run/postgresql/.s.PGSQL.5432\" failed");
	pgbench_report_line(&r, "tps = abc");
	ok(!(r.have & REPORT_TPS), "unreadable tps is not taken");
	is_int(pgbench_report_check(&r, err, sizeof(err)), -1, "error output is refused");
}

/* With --max-tries other than 1 the report counts the retried ones. */
static void retried_report(void)
{
	struct pgbench_report r;

	pgbench_report_init(&r);
	pgbench_report_line(&r, "number of failed transactions: 2 (0.013%)");
	ok(!(r.have & REPORT_RETRIED), "no retried line: not known");
	pgbench_report_line(&r, "number of transactions retried: 17 (0.113%)");
	pgbench_report_line(&r, "total number of retries: 19");
	ok(r.have & REPORT_RETRIED, "retried line is recognised");
	is_int(r.retried, 17, "retried transactions, not the total of retries");
	is_int(r.failed, 2, "failed count beside it");
}

int main(void)
{
	duration_report();
	real_report();
	transactions_report();
	incomplete_report();
	retried_report();
	return tap_done();
}
