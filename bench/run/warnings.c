/* SPDX-License-Identifier: GPL-2.0-only */
/* warnings.c: what makes a figure doubtful, judged after measure(). */
#include "bench/run/warnings.h"

#include <string.h>

#include "common/stats.h"

#define MIB (1024.0 * 1024.0)

static void repeats(struct run *r, const struct bench_case *c,
		    struct measurement_out *m)
{
	if (strcmp(r->group, c->group) != 0) {
		snprintf(r->group, sizeof(r->group), "%s", c->group);
		r->group_n = 0;
	}
	if (r->group_n < RUN_MAX_REPEATS)
		r->group_values[r->group_n++] = metric_get(m, m->primary);
	if (c->repeat != c->s->repeats || r->group_n < 2)
		return;
	double cov = 100.0 * stats_cov(r->group_values, r->group_n);
	long long limit = case_number(c, "suite", "cov_warn_pct");
	if (cov > (double)limit)
		measure_warn(m, "high-cov", "%s varies by %.1f%% (CoV) across %zu "
			     "repeats, more than %lld%%", m->primary, cov,
			     r->group_n, limit);
}

/* One warning naming the [machine] keys this machine has no control for. */
static void not_applied(struct run *r, const struct bench_case *c,
			struct measurement_out *m)
{
	char text[160] = "";
	size_t used = 0;

	for (size_t i = 0; i < r->knobs.n && used < sizeof(text); i++) {
		const struct knob *kn = &r->knobs.k[i];
		if (!kn->applicable)
			used += (size_t)snprintf(text + used, sizeof(text) - used,
						 "%s%s = %s", used ? ", " : "", kn->param->key,
						 case_value(c, "machine", kn->param->key));
	}
	if (used)
		measure_warn(m, "not-applied", "[machine] %s: this machine has no such "
			     "control (bench.json's knobs say why)", text);
}

void run_warnings(struct run *r, const struct bench_case *c,
		  struct measurement_out *m)
{
	const char *governor = r->rec.governor;
	const struct workload_spec *w = workload_spec_find(c->workload);

	if (w->warn_fits_in_ram && m->dataset_bytes > 0 && r->wenv.mem_total_bytes > 0 &&
	    m->dataset_bytes < r->wenv.mem_total_bytes)
		measure_warn(m, "fits-in-ram", "the dataset (%.0f MiB) fits in RAM "
			     "(%.0f MiB): what is read may come from the page cache, "
			     "not the disk", (double)m->dataset_bytes / MIB,
			     (double)r->wenv.mem_total_bytes / MIB);
	if (w->warn_short_run && m->measured_s > 0 && r->checkpoint_timeout_s > 0 &&
	    m->measured_s < r->checkpoint_timeout_s)
		measure_warn(m, "shorter-than-checkpoint", "measured for %.0f s, less "
			     "than one checkpoint cycle (checkpoint_timeout = %d s): "
			     "the cost of checkpoints is not in the figure",
			     m->measured_s, r->checkpoint_timeout_s);
	if (governor[0] && strcmp(governor, "performance") != 0)
		measure_warn(m, "governor", "the CPU frequency governor is \"%s\", "
			     "not \"performance\"", governor);
	not_applied(r, c, m);
	repeats(r, c, m);
}
