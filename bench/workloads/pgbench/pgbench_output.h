/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pgbench_output.h: read what pgbench prints.
 *
 * The report at the end of a run (stdout), in the formats of pgbench 18's
 * printf calls; other lines (progress, errors) are passed over.
 */
#ifndef BOOTBENCH_PGBENCH_OUTPUT_H
#define BOOTBENCH_PGBENCH_OUTPUT_H

#include <stddef.h>

enum {
	REPORT_TPS           = 1 << 0,
	REPORT_TRANSACTIONS  = 1 << 1,
	REPORT_FAILED        = 1 << 2,
	REPORT_LATENCY       = 1 << 3,
	REPORT_STDDEV        = 1 << 4,
	REPORT_CLIENTS       = 1 << 5,
	REPORT_THREADS       = 1 << 6,
	REPORT_SCALE         = 1 << 7,
	REPORT_DURATION      = 1 << 8,
	REPORT_MODE          = 1 << 9,
	REPORT_CONNECTION    = 1 << 10,
	REPORT_RETRIED       = 1 << 11,
	REPORT_SKIPPED       = 1 << 12,
	REPORT_LATE          = 1 << 13,
	REPORT_LAG           = 1 << 14,
};

/* The final report; have says which fields were seen. */
struct pgbench_report {
	unsigned have;
	char transaction_type[64];
	char query_mode[16];
	int scale;
	int clients;
	int threads;
	int duration_s;
	long long transactions;
	long long failed;
	long long retried;         /* with --max-tries other than 1 */
	long long skipped;         /* with -R and -L */
	long long late;            /* above the latency limit (-L) */
	double lag_avg_ms, lag_max_ms;   /* schedule lag (-R) */
	double latency_avg_ms;
	double latency_stddev_ms;
	double initial_connection_ms;
	double tps;
};

void pgbench_report_init(struct pgbench_report *r);

/* Take one line of pgbench's output; lines that are not part of the report are ignored. */
void pgbench_report_line(struct pgbench_report *r, const char *line);

/*
 * Check that the report has the figures a measurement needs (tps,
 * transactions, failed transactions, latency average).  Returns 0, or -1
 * with what is missing in err.
 */
int pgbench_report_check(const struct pgbench_report *r, char *err, size_t len);

#endif
