/* SPDX-License-Identifier: GPL-2.0-only */
/* out_plan.c: --plan, the boots per column a comparison needs to mark a
 * change (compare.h boots_needed: significant, and measured at the
 * threshold or more), from the spread between the boots of a pilot. */
#include "report/output.h"

#include "report/stats/compare.h"
#include "report/layout.h"
#include "report/util.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The spread between boots pooled over the columns of a row that have at
 * least 2 boots (weighted by boots - 1), in %; NAN if none has. */
static double pooled_cov(const struct report *r, const struct table *t, size_t row)
{
	double ss = 0, df = 0;

	for (size_t ci = 0; ci < t->ncols; ci++) {
		const struct cell *c = &t->cells[row * r->ncols + t->cols[ci]];
		if (c->boots >= 2 && isfinite(c->boot_cov)) {
			ss += (double)(c->boots - 1) * c->boot_cov * c->boot_cov;
			df += (double)(c->boots - 1);
		}
	}
	return df > 0 ? sqrt(ss / df) : NAN;
}

void output_plan(FILE *f, const struct report *r)
{
	const struct report_options *o = r->opt;

	fprintf(f, "bootbench-report --plan: boots per %s to mark a change of %g %%, at %g %% "
		"confidence with %g %% power.\n", r->axis, o->plan, o->confidence, o->power);
	fprintf(f, "Marked: significant, and measured at the threshold or more (%g %%%s), so the\n"
		"boots must also keep the measured change above the threshold.\n",
		o->threshold.all, o->threshold.n ? " unless a metric has its own" : "");
	fprintf(f, "From the spread between the boots of each column (the coefficient of variation\n"
		"of its per-boot medians); a column needs 2 boots for it, a pilot of 3 or more\n"
		"estimates it better.\n");
	for (size_t c = 0; c < r->ncols; c++) {
		char *names = column_runs(r, c);
		size_t runs = *names != '\0';
		for (const char *p = names; *p; p++)
			runs += *p == ' ';
		free(names);
		fprintf(f, "  %-3s %s (%zu run%s)\n", column_letter(c), r->cols[c], runs,
			runs == 1 ? "" : "s");
	}
	for (size_t i = 0; i < r->ntables; i++) {
		const struct table *t = &r->tables[i];
		double threshold = threshold_of(&o->threshold, t->metric);
		fprintf(f, "\n== %s\n   %s (%s)", t->title, t->metric, t->unit);
		if (threshold_named(&o->threshold, t->metric))
			fprintf(f, ", threshold %g %%", threshold);
		fputc('\n', f);
		if (o->plan <= threshold) {
			fprintf(f, "  needed: none marks a change of %g %%: it is not above the threshold "
				"of %g %%\n", o->plan, threshold);
			continue;
		}
		for (size_t row = 0; row < t->nrows; row++) {
			double cov = pooled_cov(r, t, row);
			size_t need = boots_needed(cov, o->plan, threshold, r->alpha, o->power / 100);
			size_t min_boots = SIZE_MAX;

			fprintf(f, "  %s%s%s", t->row_key ? t->row_key : "", t->row_key ? " " : "",
				t->row_key ? t->rows[row] : "all");
			for (size_t ci = 0; ci < t->ncols; ci++) {
				const struct cell *c = &t->cells[row * r->ncols + t->cols[ci]];
				if (c->boots < min_boots)
					min_boots = c->boots;
				fprintf(f, "%s %s %zu boot%s", ci ? ";" : ":", column_letter(t->cols[ci]),
					c->boots, c->boots == 1 ? "" : "s");
				if (c->boots >= 2 && isfinite(c->boot_cov))
					fprintf(f, " CoV %.2f %%", c->boot_cov);
			}
			if (!isfinite(cov))
				fprintf(f, "; needed: unknown (no column has 2 boots)\n");
			else if (need == SIZE_MAX)
				fprintf(f, "; pooled CoV %.2f %%; needed: more than a million\n", cov);
			else
				fprintf(f, "; pooled CoV %.2f %%; needed: %zu boots per %s\n", cov, need, r->axis);
			if (isfinite(cov) && min_boots >= 2)
				fprintf(f, "    (with %zu boots per %s, as here: a change of %.1f %%)\n", min_boots,
					r->axis, change_detectable(cov, min_boots, threshold, r->alpha,
								   o->power / 100));
		}
	}
}
