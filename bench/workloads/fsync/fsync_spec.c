/* SPDX-License-Identifier: GPL-2.0-only */
/* fsync_spec.c: the [fsync] section's keys, case names and cost model. */
#include "bench/suite/matrix.h"
#include "bench/suite/workload_spec.h"

#include <stdio.h>

static const struct suite_key fsync_keys[] = {
	{ "seconds_per_test", SK_INT, "2", true, 1, 600, NULL,
	  "seconds of each of pg_test_fsync's tests (its -s)" },
	{ NULL },
};

static void fsync_case_id(const struct bench_case *c, char *buf, size_t len)
{
	snprintf(buf, len, "fsync-s%lld", case_param_number(c, "seconds_per_test"));
}

/* How long its cases take (bench/run/estimate.h), under QEMU TCG:
 * pg_test_fsync -s 1: 17.6, 17.2, 18.1 s, its tests one after the other,
 * each for seconds_per_test. */
static const struct workload_cost_model fsync_cost = {
	.work_key = "seconds_per_test", .work_unit = 1,
	.costs = { .case_s = 0.5, .work_s = 17.5 },
};

const struct workload_spec fsync_spec = {
	.name = "fsync",
	.keys = fsync_keys,
	.case_id = fsync_case_id,
	.cost = &fsync_cost,
};
