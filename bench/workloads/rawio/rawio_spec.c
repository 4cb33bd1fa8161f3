/* SPDX-License-Identifier: GPL-2.0-only */
/* rawio_spec.c: the [rawio] section's keys, checks, case names and cost model. */
#include "bench/suite/matrix.h"
#include "bench/suite/workload_spec.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

static const char *const sync_choices[] = { "end", "none", NULL };

static const struct suite_key rawio_keys[] = {
	{ "size", SK_SIZE, "64M", true, 1 << 20, 1LL << 40, NULL,
	  "size of the file written and read back" },
	{ "block_size", SK_SIZE, "1M", true, 512, 64 << 20, NULL,
	  "bytes per write() and read() call" },
	{ "sync", SK_CHOICE, "end", true, 0, 0, sync_choices,
	  "end: fdatasync after the last write, counted in the write time; none: no sync" },
	{ NULL },
};

/* The smallest size of a section's list must hold its largest block. */
static int rawio_check(const struct suite *s, const struct suite_param **bad,
		       char *err, size_t len)
{
	const struct suite_param *size = suite_param(s, "rawio", "size");
	const struct suite_param *block = suite_param(s, "rawio", "block_size");
	long long min_size = LLONG_MAX, max_block = 0, n;
	const char *size_text = "", *block_text = "";

	if (!size || !block)
		return 0;
	for (size_t i = 0; i < size->n; i++)
		if (suite_parse_size(size->values[i], &n) && n < min_size) {
			min_size = n;
			size_text = size->values[i];
		}
	for (size_t i = 0; i < block->n; i++)
		if (suite_parse_size(block->values[i], &n) && n > max_block) {
			max_block = n;
			block_text = block->values[i];
		}
	if (max_block > min_size) {
		*bad = block;
		snprintf(err, len, "block_size: %s is larger than size (%s)",
			 block_text, size_text);
		return -1;
	}
	return 0;
}

static void rawio_case_id(const struct bench_case *c, char *buf, size_t len)
{
	snprintf(buf, len, "rawio");
	workload_id_append(buf, len, "s", case_param(c, "size"));
	workload_id_append(buf, len, "b", case_param(c, "block_size"));
	if (strcmp(case_param(c, "sync"), "end") != 0)
		workload_id_append(buf, len, "sync", case_param(c, "sync"));
}

/* How long its cases take (bench/run/estimate.h), under QEMU TCG: 16 MiB
 * written and read: 3.1, 2.7, 3.0 s; the case 3.0 to 3.5 s.  Per MiB. */
static const struct workload_cost_model rawio_cost = {
	.work_key = "size", .work_unit = 1 << 20,
	.costs = { .case_s = 0.8, .work_s = 0.15 },
};

const struct workload_spec rawio_spec = {
	.name = "rawio",
	.keys = rawio_keys,
	.check = rawio_check,
	.case_id = rawio_case_id,
	.cost = &rawio_cost,
};
