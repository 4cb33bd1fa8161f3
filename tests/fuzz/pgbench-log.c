/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Fuzz target: pgbench's logs (bench/workloads/pgbench/pgbench_log.c, and
 * pgbench_log_seconds.c for logs of seconds), both passes, the summary and
 * the series.  The input: three bytes -- the kind of log (odd: of seconds),
 * warmup_s, duration_s -- then the logs, one per thread, separated by NUL
 * bytes, each fed a line at a time as pgbench_log_read_file() does.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bench/workloads/pgbench/pgbench_log.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FILES_MAX 8

/* One pass over every log; 0 or -1. */
static int pass(struct pgbench_log *l, const char *text, size_t size, int second)
{
	const char *end = text + size;
	char err[256];
	int files = 0;

	for (const char *file = text; file <= end && files < FILES_MAX; files++) {
		const char *file_end = memchr(file, '\0', (size_t)(end - file));

		if (!file_end)
			file_end = end;
		l->file_lines = 0;      /* a new file, as pgbench_log_read_file() */
		for (const char *line = file; line < file_end;) {
			const char *nl = memchr(line, '\n', (size_t)(file_end - line));
			size_t n = nl ? (size_t)(nl - line) + 1 : (size_t)(file_end - line);
			char *copy = malloc(n + 1);
			int rc;

			if (!copy)
				return -1;
			memcpy(copy, line, n);
			copy[n] = '\0';
			err[0] = '\0';
			rc = second ? pgbench_log_add_line(l, copy, err, sizeof err) :
				pgbench_log_scan_line(l, copy, err, sizeof err);
			free(copy);
			if (rc < 0) {
				if (!err[0])
					abort();        /* a refusal always says why */
				return -1;
			}
			line += n;
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
	if (data[0] & 1)
		pgbench_log_init_seconds(&l, data[1], data[2]);
	else
		pgbench_log_init(&l, data[1], data[2]);
	data += 3;
	size -= 3;
	if (pass(&l, (const char *)data, size, 0) == 0 &&
	    pgbench_log_set_window(&l, err, sizeof err) == 0 &&
	    pass(&l, (const char *)data, size, 1) == 0) {
		pgbench_log_summarize(&l, &s);
		free(pgbench_log_series_csv(&l, &len));
	}
	pgbench_log_free(&l);
	return 0;
}
