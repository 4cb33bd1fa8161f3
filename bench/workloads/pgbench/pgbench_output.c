/* SPDX-License-Identifier: GPL-2.0-only */
/* pgbench_output.c: read pgbench's final report. */
#include "bench/workloads/pgbench/pgbench_output.h"

#include <stdio.h>
#include <string.h>

void pgbench_report_init(struct pgbench_report *r)
{
	memset(r, 0, sizeof(*r));
}

/* If line starts with prefix, return what follows it. */
static const char *after(const char *line, const char *prefix)
{
	size_t n = strlen(prefix);
	return strncmp(line, prefix, n) == 0 ? line + n : NULL;
}

static void copy(char *dst, size_t len, const char *src)
{
	snprintf(dst, len, "%s", src);
}

void pgbench_report_line(struct pgbench_report *r, const char *line)
{
	const char *v;

	if ((v = after(line, "transaction type: ")))
		copy(r->transaction_type, sizeof(r->transaction_type), v);
	else if ((v = after(line, "query mode: "))) {
		copy(r->query_mode, sizeof(r->query_mode), v);
		r->have |= REPORT_MODE;
	} else if ((v = after(line, "scaling factor: ")) &&
		   sscanf(v, "%d", &r->scale) == 1)
		r->have |= REPORT_SCALE;
	else if ((v = after(line, "number of clients: ")) &&
		 sscanf(v, "%d", &r->clients) == 1)
		r->have |= REPORT_CLIENTS;
	else if ((v = after(line, "number of threads: ")) &&
		 sscanf(v, "%d", &r->threads) == 1)
		r->have |= REPORT_THREADS;
	else if ((v = after(line, "duration: ")) &&
		 sscanf(v, "%d s", &r->duration_s) == 1)
		r->have |= REPORT_DURATION;
	else if ((v = after(line, "number of transactions actually processed: ")) &&
		 sscanf(v, "%lld", &r->transactions) == 1)
		r->have |= REPORT_TRANSACTIONS;
	else if ((v = after(line, "number of failed transactions: ")) &&
		 sscanf(v, "%lld", &r->failed) == 1)
		r->have |= REPORT_FAILED;
	else if ((v = after(line, "number of transactions retried: ")) &&
		 sscanf(v, "%lld", &r->retried) == 1)
		r->have |= REPORT_RETRIED;
	else if ((v = after(line, "number of transactions skipped: ")) &&
		 sscanf(v, "%lld", &r->skipped) == 1)
		r->have |= REPORT_SKIPPED;
	else if ((v = after(line, "number of transactions above the ")) &&
		 (v = strstr(v, " latency limit: ")) &&
		 sscanf(v, " latency limit: %lld", &r->late) == 1)
		r->have |= REPORT_LATE;
	else if ((v = after(line, "rate limit schedule lag: ")) &&
		 sscanf(v, "avg %lf (max %lf) ms", &r->lag_avg_ms, &r->lag_max_ms) == 2)
		r->have |= REPORT_LAG;
	else if ((v = after(line, "latency average = ")) &&
		 sscanf(v, "%lf ms", &r->latency_avg_ms) == 1)
		r->have |= REPORT_LATENCY;
	else if ((v = after(line, "latency stddev = ")) &&
		 sscanf(v, "%lf ms", &r->latency_stddev_ms) == 1)
		r->have |= REPORT_STDDEV;
	else if ((v = after(line, "initial connection time = ")) &&
		 sscanf(v, "%lf ms", &r->initial_connection_ms) == 1)
		r->have |= REPORT_CONNECTION;
	else if ((v = after(line, "tps = ")) && sscanf(v, "%lf", &r->tps) == 1)
		r->have |= REPORT_TPS;
}

int pgbench_report_check(const struct pgbench_report *r, char *err, size_t len)
{
	static const struct {
		unsigned bit;
		const char *what;
	} needed[] = {
		{ REPORT_TPS, "tps" },
		{ REPORT_TRANSACTIONS, "number of transactions actually processed" },
		{ REPORT_FAILED, "number of failed transactions" },
		{ REPORT_LATENCY, "latency average" },
	};

	for (size_t i = 0; i < sizeof(needed) / sizeof(needed[0]); i++) {
		if (!(r->have & needed[i].bit)) {
			snprintf(err, len, "pgbench's report has no \"%s\" line",
				 needed[i].what);
			return -1;
		}
	}
	return 0;
}
