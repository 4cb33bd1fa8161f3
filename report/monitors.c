/* SPDX-License-Identifier: GPL-2.0-only */
/* monitors.c: cells of the key monitors under each row (see monitors.h). */
#include "report/monitors.h"

#include "report/cells.h"
#include "report/util.h"

#include <stdlib.h>
#include <string.h>

bool monitor_mean(const struct measurement *m, const char *name, double *mean)
{
	return jr_num(jr_get(jr_get(jr_get(m->json, "monitors"), name), "mean"), mean);
}

/* The monitors the measurements of t have, in the order they first
 * appear: the members of "monitors" that hold a mean. */
static void collect_names(const struct report *r, struct table *t)
{
	for (size_t c = 0; c < t->nrows * r->ncols; c++)
		for (size_t i = 0; i < t->cells[c].n; i++) {
			const struct jr_value *mon = jr_get(r->ds->m[t->cells[c].m[i]].json, "monitors");
			for (size_t k = 0; mon && mon->type == JR_OBJECT && k < mon->count; k++) {
				size_t j = 0;
				if (!jr_get(&mon->items[k], "mean"))
					continue;
				while (j < t->nmonitors && strcmp(t->monitor_names[j], mon->keys[k]) != 0)
					j++;
				if (j < t->nmonitors)
					continue;
				t->monitor_names = xrealloc(t->monitor_names,
							    (t->nmonitors + 1) * sizeof *t->monitor_names);
				t->monitor_names[t->nmonitors++] = xstrdup(mon->keys[k]);
			}
		}
}

static struct cell *cell_of(const struct report *r, const struct table *t, size_t k, size_t row,
			    size_t col)
{
	return &t->monitor_cells[(k * t->nrows + row) * r->ncols + col];
}

const struct cell *monitor_cell(const struct report *r, const struct table *t, size_t k,
				size_t row, size_t col)
{
	return cell_of(r, t, k, row, col);
}

bool monitors_shown(const struct report *r, const struct table *t)
{
	return r->opt->monitors && t->nmonitors > 0;
}

/* The monitor cells of t: the means of the headline cells' measurements. */
static void build_table(struct report *r, struct table *t)
{
	collect_names(r, t);
	t->monitor_cells = xcalloc(t->nmonitors * t->nrows * r->ncols + 1, sizeof *t->monitor_cells);
	for (size_t k = 0; k < t->nmonitors; k++)
		for (size_t row = 0; row < t->nrows; row++) {
			for (size_t col = 0; col < r->ncols; col++) {
				const struct cell *hc = &t->cells[row * r->ncols + col];
				struct cell *mc = cell_of(r, t, k, row, col);
				mc->m = xcalloc(hc->n + 1, sizeof *mc->m);
				mc->values = xcalloc(hc->n + 1, sizeof *mc->values);
				for (size_t i = 0; i < hc->n; i++)
					if (monitor_mean(&r->ds->m[hc->m[i]], t->monitor_names[k],
							 &mc->values[mc->n]))
						mc->m[mc->n++] = hc->m[i];
				cell_measure(r, mc);
			}
			for (size_t col = 0; col < r->ncols; col++) {
				struct cell *mc = cell_of(r, t, k, row, col);
				if (col == r->baseline)
					continue;
				cell_compare(r, mc, cell_of(r, t, k, row, r->baseline), t->monitor_names[k],
					     false);
				t->few_boots |= mc->compared && mc->cmp.why == NO_CLAIM_FEW_BOOTS;
			}
		}
}

void monitors_build(struct report *r)
{
	if (!r->opt->monitors)
		return;
	for (size_t i = 0; i < r->ntables; i++)
		build_table(r, &r->tables[i]);
}

static void table_monitors_free(const struct report *r, struct table *t)
{
	for (size_t c = 0; t->monitor_cells && c < t->nmonitors * t->nrows * r->ncols; c++) {
		free(t->monitor_cells[c].m);
		free(t->monitor_cells[c].values);
		free(t->monitor_cells[c].boot_values);
	}
	free(t->monitor_cells);
	for (size_t k = 0; k < t->nmonitors; k++)
		free(t->monitor_names[k]);
	free(t->monitor_names);
	t->monitor_cells = NULL;
	t->monitor_names = NULL;
	t->nmonitors = 0;
}

void monitors_free(struct report *r)
{
	for (size_t t = 0; t < r->ntables; t++)
		table_monitors_free(r, &r->tables[t]);
}
