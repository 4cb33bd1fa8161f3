/* SPDX-License-Identifier: GPL-2.0-only */
/* progress.c: the estimate, the time left and the time taken (progress.h). */
#include "bench/run/progress.h"
#include "bench/msg.h"
#include "bench/run/estimate.h"
#include "common/clock.h"

#include <string.h>

void progress_start(struct run *r)
{
	char when[32];

	estimate_default_costs(&r->costs);
	estimate_cluster(&r->costs, r->s);
	r->started_s = clock_now();
	r->rec.estimated_s = estimate_seconds(r->s, 0, &r->costs);
	r->rec.actual_s = -1;
	note("estimate: %zu cases, about %s", suite_case_count(r->s),
	     estimate_format(r->rec.estimated_s, when, sizeof(when)));
}

void progress_environment(struct run *r, double seconds)
{
	r->costs.environment_s = seconds;
}

void progress_case(struct run *r, size_t index, const struct bench_case *c)
{
	struct estimate_case e;
	char left[32];

	/* Its environment is made: what is left is the rest. */
	estimate_case(r->s, index, &e);
	double s = estimate_seconds(r->s, index, &r->costs) -
		   (e.new_environment ? r->costs.environment_s : 0);
	note("case %zu/%zu: %s, about %s left", index + 1, suite_case_count(r->s),
	     c->id, estimate_format(s, left, sizeof(left)));
}

void progress_case_done(struct run *r, size_t index, double prepare_s, double case_s)
{
	struct estimate_case e;

	estimate_case(r->s, index, &e);
	estimate_learn(&r->costs, &e, prepare_s, case_s);
}

void progress_finish(struct run *r)
{
	char took[32], estimated[32];

	r->rec.actual_s = clock_now() - r->started_s;
	if (strcmp(r->rec.status, "done") != 0)
		return;
	note("time: %s, estimated %s (actual/estimate %.2f)",
	     estimate_format(r->rec.actual_s, took, sizeof(took)),
	     estimate_format(r->rec.estimated_s, estimated, sizeof(estimated)),
	     r->rec.estimated_s > 0 ? r->rec.actual_s / r->rec.estimated_s : 0);
}
