/* SPDX-License-Identifier: GPL-2.0-only */
/* timer_spec.c: the [timer] section's keys, case names and cost model. */
#include "bench/suite/matrix.h"
#include "bench/suite/workload_spec.h"

#include <stdio.h>

static const struct suite_key timer_keys[] = {
	{ "samples", SK_INT, "1000", true, 1, 1000000, NULL,
	  "sleeps of each kind (select, nanosleep) measured" },
	{ "duration_s", SK_INT, "3", true, 1, 600, NULL,
	  "seconds pg_test_timing runs (its -d)" },
	{ NULL },
};

static void timer_case_id(const struct bench_case *c, char *buf, size_t len)
{
	snprintf(buf, len, "timer-n%lld-d%lld", case_param_number(c, "samples"),
		 case_param_number(c, "duration_s"));
}

/* How long its cases take (bench/run/estimate.h), under QEMU TCG: 200
 * sleeps and pg_test_timing -d 1: 1.4 s; the case 1.6 s. */
static const struct workload_cost_model timer_cost = {
	.timed_keys = { "duration_s" },
	.work_key = "samples", .work_unit = 1000,
	.costs = { .case_s = 0.3, .work_s = 1.5 },
};

const struct workload_spec timer_spec = {
	.name = "timer",
	.keys = timer_keys,
	.case_id = timer_case_id,
	.cost = &timer_cost,
};
