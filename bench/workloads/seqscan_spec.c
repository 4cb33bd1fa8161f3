/* SPDX-License-Identifier: GPL-2.0-only */
/* seqscan_spec.c: the seqscan workload's keys and case names. */
#include "matrix.h"
#include "workload_spec.h"

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

const struct workload_spec seqscan_spec = {
	.name = "seqscan",
	.keys = seqscan_keys,
	.case_id = seqscan_case_id,
};
