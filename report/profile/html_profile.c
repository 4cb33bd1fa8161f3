/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * html_profile.c: --profile on the HTML page (prof_output.h): for each
 * case of a table with profiles, the columns' shares, each column's top
 * functions and movers, a flame graph per column and a differential one
 * of each column against the baseline (flame.h).
 */
#include "report/profile/prof_output.h"

#include "report/profile/flame.h"
#include "report/profile/prof_shares.h"
#include "report/profile/profile.h"
#include "report/svg.h"
#include "report/util.h"

#include <stdlib.h>

static void th_column(FILE *f, const struct report *r, size_t col)
{
	fprintf(f, "<th>%s ", column_letter(col));
	html_escape(f, r->cols[col]);
	fprintf(f, "</th>");
}

/* A share and its change against the baseline. */
static void share_td(FILE *f, double v, const struct prof_change *c)
{
	char ch[32], iv[48];

	prof_fmt_change(ch, sizeof ch, c);
	prof_fmt_interval(iv, sizeof iv, c);
	fprintf(f, "<td class=\"num\">%.2f", v);
	if (*ch)
		fprintf(f, " <span%s>%s</span> %s", c->exceeds ? " class=\"sig\"" : "", ch, iv);
	fprintf(f, "</td>");
}

static void shares(FILE *f, const struct report *r, size_t t, size_t row)
{
	fprintf(f, "<table class=\"profile-shares\">\n<tr><th></th><th>samples</th><th>boots</th>"
		"<th>kernel %%</th><th>(idle) %%</th><th>postgres %%</th><th>other %%</th></tr>\n");
	for (size_t col = 0; col < r->ncols; col++) {
		const struct prof_cell *c = prof_cell(r, t, row, col);
		if (c->nprofiles == 0)
			continue;
		fprintf(f, "<tr>");
		th_column(f, r, col);
		fprintf(f, "<td class=\"num\">%llu</td><td class=\"num\">%zu</td>", c->samples, c->boots);
		share_td(f, c->kind_pct[KIND_KERNEL], &c->kind_change[KIND_KERNEL]);
		share_td(f, c->idle_pct, &c->idle_change);
		share_td(f, c->kind_pct[KIND_POSTGRES], &c->kind_change[KIND_POSTGRES]);
		share_td(f, c->kind_pct[KIND_OTHER], &c->kind_change[KIND_OTHER]);
		fprintf(f, "</tr>\n");
	}
	fprintf(f, "</table>\n");
}

static void top(FILE *f, const struct report *r, const struct prof_cell *c, size_t col)
{
	const struct funcs *fs = &r->profiles->funcs;

	fprintf(f, "<table class=\"profile-top\" data-column=\"%s\">\n<tr><th colspan=\"4\">Top "
		"functions of %s ", column_letter(col), column_letter(col));
	html_escape(f, r->cols[col]);
	fprintf(f, "</th></tr>\n<tr><th></th><th>self %%</th><th>total %%</th><th>function</th></tr>\n");
	for (int k = 0; k < NKINDS; k++)
		for (size_t i = 0; i < c->ntop[k]; i++) {
			const struct prof_share *s = &c->top[k][i];
			fprintf(f, "<tr><td>%s</td><td class=\"num\">%.2f</td><td class=\"num\">%.2f</td><td>",
				i == 0 ? kind_names[k] : "", s->self, s->total);
			html_escape(f, fs->v[s->func].name);
			fprintf(f, "</td></tr>\n");
		}
	fprintf(f, "</table>\n");
}

static void movers(FILE *f, const struct report *r, const struct prof_cell *c, size_t col)
{
	const struct funcs *fs = &r->profiles->funcs;
	char ch[32], iv[48], base[8], me[8];

	snprintf(base, sizeof base, "%s", column_letter(r->baseline));
	snprintf(me, sizeof me, "%s", column_letter(col));
	fprintf(f, "<table class=\"profile-movers\" data-column=\"%s\">\n<tr><th colspan=\"7\">"
		"Movers of %s against %s (self share, points)</th></tr>\n<tr><th>change</th>"
		"<th>interval</th><th>%s %%</th><th>%s %%</th><th>total</th><th>where</th>"
		"<th>function</th></tr>\n", me, me, base, base, me);
	for (size_t i = 0; i < c->nmovers; i++) {
		const struct prof_mover *m = &c->movers[i];
		prof_fmt_change(ch, sizeof ch, &m->self);
		prof_fmt_interval(iv, sizeof iv, &m->self);
		fprintf(f, "<tr><td class=\"num%s\">%s</td><td class=\"num\">%s</td><td class=\"num\">"
			"%.2f</td><td class=\"num\">%.2f</td><td class=\"num\">%+.2f</td><td>%s</td><td>",
			m->self.exceeds ? " sig" : "", ch, iv, m->base, m->value, m->total_change,
			kind_names[fs->v[m->func].kind]);
		html_escape(f, fs->v[m->func].name);
		fprintf(f, "</td></tr>\n");
	}
	fprintf(f, "</table>\n");
}

static void notes(FILE *f, const struct report *r, size_t t, size_t row)
{
	for (size_t col = 0; col < r->ncols; col++) {
		const struct prof_cell *c = prof_cell(r, t, row, col);
		for (size_t i = 0; i < c->nnosym; i++) {
			fprintf(f, "<p class=\"warn nosym\">%s: no symbols for ", column_letter(col));
			html_escape(f, c->nosym[i].path);
			fprintf(f, " (%llu samples): ", c->nosym[i].samples);
			html_escape(f, c->nosym[i].why);
			fprintf(f, "</p>\n");
		}
		for (size_t i = 0; i < c->nerrors; i++) {
			fprintf(f, "<p class=\"warn notread\">%s: not read: ", column_letter(col));
			html_escape(f, c->errors[i]);
			fprintf(f, "</p>\n");
		}
		if (c->folded) {
			fprintf(f, "<p class=\"foot\">%s: folded stacks in ", column_letter(col));
			html_escape(f, c->folded);
			fprintf(f, "</p>\n");
		}
	}
}

static void flames(FILE *f, const struct report *r, size_t t, size_t row)
{
	const struct prof_cell *base = prof_cell(r, t, row, r->baseline);

	for (size_t col = 0; col < r->ncols; col++) {
		const struct prof_cell *c = prof_cell(r, t, row, col);
		char *title, *note, *attrs;
		if (c->samples == 0)
			continue;
		title = xasprintf("%s: flame graph of %s %s", prof_case(r, t, row), column_letter(col),
				  r->cols[col]);
		note = xasprintf("%llu samples of %zu profile%s; a frame's width is its share of the "
				 "samples, each function above its caller, the processes at the bottom",
				 c->samples, c->nprofiles, c->nprofiles == 1 ? "" : "s");
		attrs = xasprintf("data-column=\"%s\" data-graph=\"column\"", column_letter(col));
		flame_svg(f, &(struct flame){ title, note, attrs, &r->profiles->funcs, &c->stacks, NULL });
		free(title);
		free(note);
		free(attrs);
	}
	for (size_t col = 0; col < r->ncols; col++) {
		const struct prof_cell *c = prof_cell(r, t, row, col);
		char *title, *note, *attrs, me[8], other[8];
		if (c->samples == 0 || col == r->baseline || base->samples == 0)
			continue;
		snprintf(me, sizeof me, "%s", column_letter(col));
		snprintf(other, sizeof other, "%s", column_letter(r->baseline));
		title = xasprintf("%s: differential flame graph of %s %s against %s", prof_case(r, t, row),
				  me, r->cols[col], other);
		note = xasprintf("the frames of %s's samples, coloured by how the share of each changed "
				 "from %s's: red grew, blue shrank, white alike", me, other);
		attrs = xasprintf("data-column=\"%s\" data-graph=\"differential\"", me);
		flame_svg(f, &(struct flame){ title, note, attrs, &r->profiles->funcs, &c->stacks,
					      &base->stacks });
		free(title);
		free(note);
		free(attrs);
	}
}

void html_profile(FILE *f, const struct report *r, size_t t)
{
	if (!r->profiles)
		return;
	for (size_t row = 0; row < r->tables[t].nrows; row++) {
		if (!prof_row_shown(r, t, row))
			continue;
		fprintf(f, "<div class=\"profile\" data-case=\"");
		html_escape(f, prof_case(r, t, row));
		fprintf(f, "\">\n<h3>Where the time went: ");
		html_escape(f, prof_case(r, t, row));
		fprintf(f, "</h3>\n<p class=\"foot\">Symbols: the objects' from ");
		html_escape(f, r->profiles->symfs ? r->profiles->symfs :
			    "nowhere (no out/symbols, no --symbols)");
		fprintf(f, ", the kernel's from each run's profiles/kallsyms.</p>\n");
		shares(f, r, t, row);
		fprintf(f, "<div class=\"charts\">\n");
		for (size_t col = 0; col < r->ncols; col++)
			if (prof_cell(r, t, row, col)->nprofiles)
				top(f, r, prof_cell(r, t, row, col), col);
		for (size_t col = 0; col < r->ncols; col++)
			if (prof_cell(r, t, row, col)->nmovers)
				movers(f, r, prof_cell(r, t, row, col), col);
		fprintf(f, "</div>\n");
		notes(f, r, t, row);
		flames(f, r, t, row);
		fprintf(f, "</div>\n");
	}
}
