/* SPDX-License-Identifier: GPL-2.0-only */
/* seqscan_spec.c: the [seqscan] section's keys, case names and cost model. */
#include "bench/suite/matrix.h"
#include "bench/suite/workload_spec.h"

#include <stdio.h>

static const struct suite_key seqscan_keys[] = {
	{ "size", SK_SIZE, "64M", true, 1 << 20, 1LL << 40, NULL,
	  "size of the table (pg_relation_size), and of the raw file beside it" },
	{ "parallel", SK_BOOL, "0", true, 0, 0, NULL,
	  "allow parallel workers for the scan (0: max_parallel_workers_per_gather = 0)" },
	{ "raw_block_size", SK_SIZE, "1M", false, 512, 64 << 20, NULL,
	  "bytes per write() and read() of the raw file" },
	{ NULL },
};

static void seqscan_case_id(const struct bench_case *c, char *buf, size_t len)
{
	snprintf(buf, len, "seqscan");
	workload_id_append(buf, len, "s", case_param(c, "size"));
	if (case_param_number(c, "parallel"))
		workload_id_append(buf, len, "", "parallel");
}

/* How long its cases take (bench/run/estimate.h), under QEMU TCG: 16 MiB
 * loaded in 8.5, 9.0, 8.6 s when each row's pad was four md5s, and the
 * constant pad (seqscan.c) takes 0.48 of that (14.2 against 6.8 guest
 * seconds in instruction time); scanned (a restart, a remount, the raw
 * read and write of the same size) in 12.7 - 8.5 s.  Per MiB. */
static const struct workload_cost_model seqscan_cost = {
	.load_key = "size", .load_unit = 1 << 20,
	.work_key = "size", .work_unit = 1 << 20,
	.costs = { .case_s = 1.0, .load_s = 0.26, .work_s = 0.2 },
};

const struct workload_spec seqscan_spec = {
	.name = "seqscan",
	.keys = seqscan_keys,
	.case_id = seqscan_case_id,
	.cost = &seqscan_cost,
};
