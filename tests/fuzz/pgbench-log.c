/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Fuzz target: pgbench's logs (bench/workloads/pgbench/pgbench_log.c, and
 * pgbench_log_seconds.c for logs of seconds), a line at a time, the end,
 * the summary and the series.  The input: three bytes -- the kind of log
 * (bit 0: of seconds; bit 1: sampled, 0.5; bit 2: with schedule lag),
 * warmup_s, duration_s -- then the logs, one per thread, separated by NUL
 * bytes, each fed a line at a time as pgbench_tail.c does.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bench/workloads/pgbench/pgbench_log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FILES_MAX 8

/* Every log, a line at a time; 0 or -1. */
static int feed(struct pgbench_log *l, const char *text, size_t size)
{
	const char *end = text + size;
	char err[256];
	size_t files = 0;

	for (const char *file = text; file <= end && files < FILES_MAX; files++) {
		const char *file_end = memchr(file, '\0', (size_t)(end - file));

		if (!file_end)
			file_end = end;
		for (const char *line = file; line < file_end;) {
			const char *nl = memchr(line, '\n', (size_t)(file_end - line));
			size_t n = nl ? (size_t)(nl - line) : (size_t)(file_end - line);
			char *copy = malloc(n + 1);
			int rc;

			if (!copy)
				return -1;
			memcpy(copy, line, n);
			copy[n] = '\0';
			err[0] = '\0';
			rc = pgbench_log_line(l, files, copy, err, sizeof err);
			free(copy);
			if (rc < 0) {
				if (!err[0])
					abort();        /* a refusal always says why */
				return -1;
			}
			line += n + (nl != NULL);
		}
		file = file_end + 1;
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pgbench_log l;
	struct pgbench_log_summary s;
	char err[256];
	size_t len;

	if (size < 3)
		return 0;
	struct pgbench_log_config cfg = {
		.warmup_s = data[1], .duration_s = data[2], .clients = FILES_MAX,
		.per_second = data[0] & 1, .sampling_rate = data[0] & 2 ? 0.5 : 1,
		.lag = data[0] & 4, .latency_limit_us = 1000,
	};
	if (pgbench_log_init(&l, &cfg) < 0)
		return 0;
	data += 3;
	size -= 3;
	if (feed(&l, (const char *)data, size) == 0 &&
	    pgbench_log_finish(&l, err, sizeof err) == 0) {
		pgbench_log_summarize(&l, &s);
		free(pgbench_log_series_csv(&l, &len));
	}
	pgbench_log_free(&l);
	return 0;
}
