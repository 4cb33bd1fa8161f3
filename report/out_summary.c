/* SPDX-License-Identifier: GPL-2.0-only */
/* out_summary.c: --summary (summary.h). */
#include "report/summary.h"

#include <string.h>

/* The line's metrics.tps as text, or "-". */
static const char *tps_text(const struct measurement *m, char *buf, size_t len)
{
	double v;

	if (!jr_num(jr_get(jr_get(m->json, "metrics"), "tps"), &v))
		return "-";
	snprintf(buf, len, "%.1f", v);
	return buf;
}

static int run_summary(FILE *f, const struct dataset *ds, const struct run *r)
{
	const char *status = r->status ? r->status : "missing";

	if (strcmp(status, "done") != 0) {
		fprintf(f, "%s: %s%s%s\n", r->name, status, r->reason ? ": " : "",
			r->reason ? r->reason : "");
		return 1;
	}
	if (r->measurements == 0) {
		fprintf(f, "%s: done, but no measurements\n", r->name);
		return 1;
	}
	/* Its figures' clock, unless the host's (clocks.h). */
	const char *shift = strchr(r->clock, ':');
	fprintf(f, "%s: done, %zu measurement%s%s%s%s\n", r->name, r->measurements,
		r->measurements == 1 ? "" : "s", shift ? "; instruction time (QEMU -icount shift " : "",
		shift ? shift + 1 : "", shift ? ")" : "");
	for (size_t i = 0; i < ds->nm; i++) {
		const struct measurement *m = &ds->m[i];
		const char *clients = attrs_get(&m->attrs, "clients");
		char tps[32];

		if (m->run != r)
			continue;
		fprintf(f, "%s  %-10s clients=%-4s tps=%s\n", r->name, m->workload,
			clients ? clients : "-", tps_text(m, tps, sizeof(tps)));
	}
	return 0;
}

int output_summary(FILE *f, const struct dataset *ds, char **paths, size_t npaths)
{
	int rc = 0;

	if (ds->nruns == 0) {
		for (size_t i = 0; i < npaths; i++)
			fprintf(f, "%s: missing\n", paths[i]);
		return 1;
	}
	for (size_t i = 0; i < ds->nruns; i++)
		rc |= run_summary(f, ds, ds->runs[i]);
	return rc;
}
