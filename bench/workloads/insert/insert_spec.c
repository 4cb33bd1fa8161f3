/* SPDX-License-Identifier: GPL-2.0-only */
/* insert_spec.c: the [insert] section's keys, checks, case names, cost model. */
#include "bench/suite/matrix.h"
#include "bench/suite/workload_spec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const insert_methods[] = { "prepared", "values", NULL };

static const struct suite_key insert_keys[] = {
	{ "rows", SK_INT, "10000", true, 1, 1000000000, NULL,
	  "rows inserted by one measurement" },
	{ "batch", SK_INT, "100", true, 1, 1000000000, NULL,
	  "rows per transaction" },
	{ "method", SK_CHOICE, "prepared", true, 0, 0, insert_methods,
	  "prepared: one prepared INSERT per row; values: one multi-row INSERT per transaction" },
	{ "unlogged", SK_BOOL, "0", true, 0, 0, NULL,
	  "insert into an UNLOGGED table (no WAL)" },
	{ NULL },
};

/* Every pair of the matrix must have batch <= rows. */
static int insert_check(const struct suite *s, const struct suite_param **bad,
			char *err, size_t len)
{
	const struct suite_param *rows = suite_param(s, "insert", "rows");
	const struct suite_param *batch = suite_param(s, "insert", "batch");

	if (!rows || !batch)
		return 0;
	for (size_t i = 0; i < batch->n; i++) {
		long long b = strtoll(batch->values[i], NULL, 10);
		for (size_t j = 0; j < rows->n; j++) {
			long long r = strtoll(rows->values[j], NULL, 10);
			if (b > r) {
				*bad = batch;
				snprintf(err, len, "batch: %lld is larger than rows (%lld)",
					 b, r);
				return -1;
			}
		}
	}
	return 0;
}

/* "insert-r10000-b100-prepared", "insert-r1000-b10-values-unlogged" */
static void insert_case_id(const struct bench_case *c, char *buf, size_t len)
{
	snprintf(buf, len, "insert-r%lld-b%lld-%s%s",
		 case_param_number(c, "rows"), case_param_number(c, "batch"),
		 case_param(c, "method"),
		 case_param_number(c, "unlogged") ? "-unlogged" : "");
}

/* How long its cases take (bench/run/estimate.h), under QEMU TCG: 2000
 * rows in batches of 100: 1.9, 2.5 s measured, 2.4 to 2.9 s the case
 * (its prepare makes the table). */
static const struct workload_cost_model insert_cost = {
	.work_key = "rows", .work_unit = 1000,
	.costs = { .case_s = 0.5, .work_s = 1.1 },
};

const struct workload_spec insert_spec = {
	.name = "insert",
	.keys = insert_keys,
	.check = insert_check,
	.case_id = insert_case_id,
	.cost = &insert_cost,
};
