/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * prof_text.c: --profile in the text report: under each table, for each
 * case with profiles, the columns' shares of the kernel, the idle task,
 * PostgreSQL and the rest, each column's top functions, its movers
 * against the baseline, the objects without symbols, the profiles that
 * could not be read and the folded stacks files.
 */
#include "report/profile/prof_output.h"

#include "report/diag.h"
#include "report/profile/prof_shares.h"
#include "report/profile/profile.h"
#include "report/text_wrap.h"
#include "report/util.h"

#include <stdlib.h>
#include <string.h>

/* line without its trailing spaces. */
static char *rtrim(char *line)
{
	size_t n = strlen(line);

	while (n > 0 && line[n - 1] == ' ')
		line[--n] = '\0';
	return line;
}

/* "A 6.12.117..." cut to width. */
static void column_name(char *buf, size_t size, const struct report *r, size_t col, size_t width)
{
	snprintf(buf, size, "%s %s", column_letter(col), r->cols[col]);
	if (strlen(buf) > width && width > 3)
		strcpy(buf + width - 2, "..");
}

static void shares(FILE *f, const struct report *r, size_t t, size_t row)
{
	static const char *const heads[] = { "kernel %", "(idle) %", "postgres %", "other %" };
	char buf[64], ch[32];

	fprintf(f, "   %-20s %7s %5s", "", "samples", "boots");
	for (size_t k = 0; k < 4; k++)
		fprintf(f, k < 3 ? "  %-13s" : "  %s\n", heads[k]);
	for (size_t col = 0; col < r->ncols; col++) {
		const struct prof_cell *c = prof_cell(r, t, row, col);
		const double v[4] = { c->kind_pct[KIND_KERNEL], c->idle_pct,
				      c->kind_pct[KIND_POSTGRES], c->kind_pct[KIND_OTHER] };
		const struct prof_change *chg[4] = { &c->kind_change[KIND_KERNEL], &c->idle_change,
						     &c->kind_change[KIND_POSTGRES],
						     &c->kind_change[KIND_OTHER] };
		char *line;
		if (c->nprofiles == 0)
			continue;
		column_name(buf, sizeof buf, r, col, 20);
		line = xasprintf("   %-20s %7llu %5zu", buf, c->samples, c->boots);
		for (size_t k = 0; k < 4; k++) {
			char *n;
			prof_fmt_change(ch, sizeof ch, chg[k]);
			snprintf(buf, sizeof buf, "%.2f %s", v[k], ch);
			n = xasprintf("%s  %-13s", line, buf);
			free(line);
			line = n;
		}
		fprintf(f, "%s\n", rtrim(line));
		free(line);
	}
}

static void top(FILE *f, const struct report *r, const struct prof_cell *c, size_t col)
{
	const struct funcs *fs = &r->profiles->funcs;
	char buf[64];

	column_name(buf, sizeof buf, r, col, 40);
	fprintf(f, "\n   Top functions of %s (%% of its samples: self, total with what they call):\n",
		buf);
	for (int k = 0; k < NKINDS; k++)
		for (size_t i = 0; i < c->ntop[k]; i++) {
			const struct prof_share *s = &c->top[k][i];
			fprintf(f, "     %-9s %6.2f %6.2f  %.70s\n", i == 0 ? kind_names[k] : "", s->self,
				s->total, fs->v[s->func].name);
		}
}

static void movers(FILE *f, const struct report *r, const struct prof_cell *c, size_t col)
{
	const struct funcs *fs = &r->profiles->funcs;
	char buf[64], ch[32], iv[48], base[8];

	snprintf(base, sizeof base, "%s", column_letter(r->baseline));
	column_name(buf, sizeof buf, r, col, 30);
	fprintf(f, "\n   Movers of %s against %s (self share, points):\n", buf, base);
	fprintf(f, "     %9s %-18s %6s %6s %7s  %-8s %s\n", "change", "interval", base,
		column_letter(col), "total", "where", "function");
	for (size_t i = 0; i < c->nmovers; i++) {
		const struct prof_mover *m = &c->movers[i];
		prof_fmt_change(ch, sizeof ch, &m->self);
		prof_fmt_interval(iv, sizeof iv, &m->self);
		fprintf(f, "     %9s %-18s %6.2f %6.2f %+7.2f  %-8s %.40s\n", ch, iv, m->base, m->value,
			m->total_change, kind_names[fs->v[m->func].kind], fs->v[m->func].name);
	}
}

/* The notes of a case: no symbols, not read, folded files. */
static void notes(FILE *f, const struct report *r, size_t t, size_t row)
{
	char prefix[16], *line;

	for (size_t col = 0; col < r->ncols; col++) {
		const struct prof_cell *c = prof_cell(r, t, row, col);
		snprintf(prefix, sizeof prefix, "   %s: ", column_letter(col));
		for (size_t i = 0; i < c->nnosym; i++) {
			line = xasprintf("no symbols for %s (%llu samples taken in it): %s",
					 c->nosym[i].path, c->nosym[i].samples, c->nosym[i].why);
			text_wrapped(f, prefix, 6, line);
			free(line);
		}
		for (size_t i = 0; i < c->nerrors; i++) {
			line = xasprintf("not read: %s", c->errors[i]);
			text_wrapped(f, prefix, 6, line);
			free(line);
		}
		if (c->folded) {
			line = xasprintf("folded stacks in %s", c->folded);
			text_wrapped(f, prefix, 6, line);
			free(line);
		}
	}
}

/* The settings of the row's profiles: "cpu-clock at 999 Hz, call graphs fp". */
static char *settings(const struct report *r, size_t t, size_t row)
{
	for (size_t col = 0; col < r->ncols; col++) {
		const struct prof_cell *c = prof_cell(r, t, row, col);
		if (c->nprofiles == 0)
			continue;
		return xasprintf("%s at %.0f Hz, call graphs %s", c->event ? c->event : "(event unknown)",
				 c->frequency, c->call_graph ? c->call_graph : "(unknown)");
	}
	return xstrdup("no profile read");
}

void output_profile_text(FILE *f, const struct report *r, size_t t)
{
	const struct table *tb = &r->tables[t];
	bool several = false, two = false;

	for (size_t row = 0; row < tb->nrows; row++) {
		char *s;
		if (!prof_row_shown(r, t, row))
			continue;
		s = settings(r, t, row);
		fprintf(f, "\n   Where the time went in %s (%s), %% of the samples:\n",
			prof_case(r, t, row), s);
		free(s);
		s = xasprintf("Symbols: the objects' from %s, the kernel's from each run's "
			      "profiles/kallsyms.", r->profiles->symfs ? r->profiles->symfs :
			      "nowhere (no out/symbols, no --symbols)");
		text_wrapped(f, "   ", 3, s);
		free(s);
		shares(f, r, t, row);
		for (size_t col = 0; col < r->ncols; col++) {
			const struct prof_cell *c = prof_cell(r, t, row, col);
			if (c->nprofiles)
				top(f, r, c, col);
		}
		for (size_t col = 0; col < r->ncols; col++) {
			const struct prof_cell *c = prof_cell(r, t, row, col);
			if (c->nmovers == 0)
				continue;
			movers(f, r, c, col);
			for (size_t i = 0; i < c->nmovers; i++) {
				several |= c->movers[i].self.claim;
				two |= c->movers[i].self.interval;
			}
		}
		fputc('\n', f);
		notes(f, r, t, row);
	}
	if (several) {
		char *s = xasprintf("* the change exceeds the spread between the boots: its %g%% t "
				    "interval over the boots' shares excludes 0 (%d boots or more a side).",
				    r->opt->confidence, MIN_BOOTS);
		text_wrapped(f, "   ", 3, s);
		free(s);
	} else if (two) {
		char *s = xasprintf("The intervals are %g%% t intervals over the boots' shares; with "
				    "fewer than %d boots a side, no mark.", r->opt->confidence, MIN_BOOTS);
		text_wrapped(f, "   ", 3, s);
		free(s);
	}
}
