/* SPDX-License-Identifier: GPL-2.0-only */
/* fsync_spec.c: the [fsync] section's keys and case names. */
#include "matrix.h"
#include "workload_spec.h"

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

const struct workload_spec fsync_spec = {
	.name = "fsync",
	.keys = fsync_keys,
	.case_id = fsync_case_id,
};
