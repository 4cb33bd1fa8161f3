/* SPDX-License-Identifier: GPL-2.0-only */
/* wal_figures.c: the WAL per unit of a measurement's work (wal_figures.h). */
#include "bench/workloads/wal_figures.h"

#include <stdio.h>

void wal_work_add(struct wal_work *w, double a, double b, const char *why)
{
	w->added = true;
	if (a == WAL_UNREAD || b == WAL_UNREAD) {
		if (!w->why[0])
			snprintf(w->why, sizeof(w->why), "%s",
				 why && why[0] ? why : "the WAL position was not read");
		return;
	}
	w->bytes += b - a;
}

void wal_figures_none(struct measurement_out *m, const struct cpu_unit *unit,
		      const char *why)
{
	measure_warn(m, "no-wal-bytes", "no WAL bytes per %s: %s", unit->name, why);
}

void wal_figures_set(struct measurement_out *m, const struct wal_work *w)
{
	char name[48];

	if (w->why[0]) {
		wal_figures_none(m, w->unit, w->why);
		return;
	}
	if (!w->added || !(w->units > 0) || w->bytes < 0) {
		wal_figures_none(m, w->unit, "no work was counted between the readings");
		return;
	}
	snprintf(name, sizeof(name), "wal_bytes_per_%s", w->unit->metric);
	metric_set(m, name, w->bytes / w->units);
	measure_fact_text(m, "wal", "unit", w->unit->name);
	measure_fact(m, "wal", "units", w->units);
	measure_fact(m, "wal", "bytes", w->bytes);
}
