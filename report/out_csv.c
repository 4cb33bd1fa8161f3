/* SPDX-License-Identifier: GPL-2.0-only */
/* out_csv.c: the report as CSV (RFC 4180), one line per cell. */
#include "report/output.h"

#include "report/layout.h"
#include "report/monitors.h"
#include "report/util.h"

#include <math.h>
#include <string.h>

static void field(FILE *f, const char *s, int last)
{
	if (strpbrk(s, ",\"\n\r")) {
		fputc('"', f);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', f);
			fputc(*s, f);
		}
		fputc('"', f);
	} else {
		fputs(s, f);
	}
	fputc(last ? '\n' : ',', f);
}

static void num(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "%.10g", v);
	fputc(',', f);
}

/* The line of cell c in row and col of t; of monitor's cell when monitor
 * is not NULL, base being the baseline column's cell of the same kind. */
static void cell_line(FILE *f, const struct report *r, const struct table *t, size_t row,
		      size_t col, const struct cell *c, const struct cell *base, const char *monitor)
{
	char warn[256] = "";
	size_t used = 0;

	if (c->n == 0)
		return;
	field(f, t->workload, 0);
	field(f, t->title, 0);
	field(f, monitor ? monitor : t->metric, 0);
	field(f, monitor ? "" : t->unit, 0);
	field(f, monitor ? "" : t->higher_is_better ? "true" : "false", 0);
	field(f, t->row_key ? t->row_key : "", 0);
	field(f, t->rows[row], 0);
	field(f, r->axis, 0);
	field(f, r->cols[col], 0);
	field(f, r->cols[r->baseline], 0);
	fprintf(f, "%zu,", c->n);
	num(f, c->d.median);
	num(f, c->d.hmean);
	num(f, c->d.mean);
	num(f, c->n > 1 ? c->d.stddev : NAN);
	num(f, c->n > 1 ? c->d.cov : NAN);
	num(f, c->d.min);
	num(f, c->d.max);
	num(f, c->compared ? c->change_median : NAN);
	num(f, c->compared ? c->change_hmean : NAN);
	bool tested = c->compared && c->cmp.basis != TEST_NONE;
	const struct comparison *w = &c->within;
	bool wtested = c->compared && w->basis != TEST_NONE;
	bool batches = wtested && w->basis == TEST_BATCHES;
	num(f, c->compared ? c->cmp.change : NAN);
	num(f, tested && c->cmp.ci.bounded ? c->cmp.ci.lo : NAN);
	num(f, tested && c->cmp.ci.bounded ? c->cmp.ci.hi : NAN);
	field(f, !c->compared ? "" : basis_name(c->cmp.basis), 0);
	num(f, (double)c->boots);
	num(f, c->compared ? (double)base->boots : NAN);
	num(f, c->boot_cov);
	num(f, c->within_cov);
	num(f, tested ? c->cmp.test.t : NAN);
	num(f, tested ? c->cmp.test.df : NAN);
	num(f, tested ? c->cmp.test.p : NAN);
	field(f, !tested ? "" : c->cmp.significant ? "true" : "false", 0);
	num(f, c->compared ? c->cmp.threshold : NAN);
	field(f, !tested ? "" : c->cmp.marked ? "true" : "false", 0);
	field(f, no_claim_code(c) ? no_claim_code(c) : "", 0);
	field(f, !c->compared ? "" : wtested ? basis_name(w->basis) :
	      within_no_claim_code(c), 0);
	num(f, wtested ? (double)w->n : NAN);
	num(f, wtested ? (double)w->base_n : NAN);
	num(f, batches ? (double)w->batches.len : NAN);
	num(f, batches ? (double)w->base_batches.len : NAN);
	num(f, wtested && w->ci.bounded ? w->ci.lo : NAN);
	num(f, wtested && w->ci.bounded ? w->ci.hi : NAN);
	num(f, wtested ? w->test.p : NAN);
	field(f, c->compared && !monitor ? verdict(t, c) : "", 0);
	for (size_t w = 0; w < c->nwarnings && used + 64 < sizeof warn; w++)
		used += (size_t)snprintf(warn + used, sizeof warn - used, "%s%s",
					 w ? " " : "", r->legend[c->warnings[w] - 1].code);
	field(f, warn, 1);
}

void output_csv(FILE *f, const struct report *r)
{
	fprintf(f, "workload,table,metric,unit,higher_is_better,row_key,row,axis,column,baseline,"
		"n,median,hmean,mean,stddev,cov_pct,min,max,change_median_pct,change_hmean_pct,"
		"change_mean_pct,ci_low_pct,ci_high_pct,test,boots,baseline_boots,boot_cov_pct,"
		"within_boot_cov_pct,t,df,p,significant,threshold_pct,marked,no_claim,within_boot_test,within_boot_n,"
		"within_boot_baseline_n,within_boot_batch_len,within_boot_baseline_batch_len,"
		"within_boot_ci_low_pct,within_boot_ci_high_pct,within_boot_p,verdict,warnings\n");
	for (size_t ti = 0; ti < r->ntables; ti++) {
		const struct table *t = &r->tables[ti];
		for (size_t row = 0; row < t->nrows; row++) {
			for (size_t col = 0; col < r->ncols; col++)
				cell_line(f, r, t, row, col, &t->cells[row * r->ncols + col],
					  &t->cells[row * r->ncols + r->baseline], NULL);
			for (size_t k = 0; monitors_shown(r, t) && k < t->nmonitors; k++)
				for (size_t col = 0; col < r->ncols; col++)
					cell_line(f, r, t, row, col, monitor_cell(r, t, k, row, col),
						  monitor_cell(r, t, k, row, r->baseline),
						  t->monitor_names[k]);
		}
	}
}
