/* SPDX-License-Identifier: GPL-2.0-only */
/* Fuzz target: what pgbench prints (bench/workloads/pgbench/pgbench_output.c):
 * each line of the input is taken as a line of the final report, which
 * is checked at the end. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bench/workloads/pgbench/pgbench_output.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data, *end = text + size;
	struct pgbench_report r;
	char err[256];

	pgbench_report_init(&r);
	for (const char *line = text; line < end;) {
		const char *nl = memchr(line, '\n', (size_t)(end - line));
		size_t n = nl ? (size_t)(nl - line) : (size_t)(end - line);
		char *copy = malloc(n + 1);

		if (!copy)
			return 0;
		memcpy(copy, line, n);
		copy[n] = '\0';
		pgbench_report_line(&r, copy);
		free(copy);
		line += n + (nl ? 1 : 0);
	}
	err[0] = '\0';
	if (pgbench_report_check(&r, err, sizeof err) < 0 && !err[0])
		abort();
	return 0;
}
