/* SPDX-License-Identifier: GPL-2.0-only */
/* first_loads.c: each environment's first load (first_loads.h). */
#include "bench/suite/first_loads.h"
#include "bench/suite/workload_spec.h"

bool case_load(const struct bench_case *c, char *cmd, size_t len)
{
	const struct workload_spec *w = workload_spec_find(c->workload);
	return w && w->load && w->load(c, cmd, len);
}

void suite_first_loads(const struct suite *s, void (*fn)(void *ctx, const char *load),
		       void *ctx)
{
	int env = -1;

	for (size_t i = 0, n = suite_case_count(s); i < n; i++) {
		struct bench_case c;
		char cmd[SUITE_LOAD_MAX];

		suite_case(s, i, &c);
		if (c.env != env && case_load(&c, cmd, sizeof(cmd)))
			fn(ctx, cmd);
		env = c.env;
	}
}
