/* SPDX-License-Identifier: GPL-2.0-only */
/* model.c: the columns' letters, and the model freed (model.h). */
#include "report/model.h"

#include <stdio.h>
#include <stdlib.h>

const char *column_letter(size_t i)
{
	static char buf[8];

	if (i < 26)
		snprintf(buf, sizeof buf, "%c", (int)('A' + i));
	else
		snprintf(buf, sizeof buf, "%c%c", (int)('A' + i / 26 - 1), (int)('A' + i % 26));
	return buf;
}

static void table_free(struct table *t, size_t ncols)
{
	for (size_t c = 0; c < t->nrows * ncols; c++) {
		free(t->cells[c].m);
		free(t->cells[c].values);
		free(t->cells[c].boot_values);
		free(t->cells[c].warnings);
	}
	free(t->cells);
	free(t->cols);
	for (size_t i = 0; i < t->nrows; i++)
		free(t->rows[i]);
	free(t->rows);
	free(t->workload);
	free(t->title);
	free(t->metric);
	free(t->unit);
	free(t->row_key);
	attrs_free(&t->fixed);
}

static void fact_free(struct fact *f)
{
	for (size_t v = 0; v < f->nvalues; v++) {
		free(f->values[v]);
		free(f->columns[v]);
	}
	free(f->values);
	free(f->columns);
	free(f->key);
}

void report_free(struct report *r)
{
	for (size_t t = 0; t < r->ntables; t++)
		table_free(&r->tables[t], r->ncols);
	free(r->tables);
	for (size_t i = 0; i < r->ncols; i++)
		free(r->cols[i]);
	free(r->cols);
	for (size_t i = 0; i < r->nlegend; i++) {
		free(r->legend[i].code);
		free(r->legend[i].message);
	}
	free(r->legend);
	for (size_t i = 0; i < r->nfacts; i++)
		fact_free(&r->facts[i]);
	free(r->facts);
	free(r->axis);
}
