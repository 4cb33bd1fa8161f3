/* SPDX-License-Identifier: GPL-2.0-only */
/* monitor_summary.c: mean and p99 of a sys.csv's columns. */
#include "bench/monitor/monitor_summary.h"
#include "common/stats.h"

#include <stdlib.h>
#include <string.h>

const struct monitor_figure monitor_figures[MONITOR_SUMMARY_FIGURES] = {
	{ "iowait_pct", MON_CPU_IOWAIT },
	{ "target_r_mb_s", MON_TARGET + DISK_R_MB_S },
	{ "target_w_mb_s", MON_TARGET + DISK_W_MB_S },
	{ "target_await_ms", MON_TARGET + DISK_AWAIT_MS },
	{ "pgmajfault_per_s", MON_PGFAULT + VM_PGMAJFAULT },
	{ "psi_cpu_some_avg10", MON_PSI_CPU_SOME },
	{ "psi_io_some_avg10", MON_PSI_IO_SOME },
	{ "psi_memory_some_avg10", MON_PSI_MEMORY_SOME },
	{ "ctxt_per_s", MON_CTXT },
};

/* The length of the line at s, without its '\n'. */
static size_t line_len(const char *s)
{
	const char *nl = strchr(s, '\n');
	return nl ? (size_t)(nl - s) : strlen(s);
}

/* The field-th comma-separated field of the line [s, s + len) as
 * [*f, *f + *flen); false if the line has fewer fields. */
static bool field_of(const char *s, size_t len, int field, const char **f, size_t *flen)
{
	const char *end = s + len;

	for (int i = 0; i < field; i++) {
		const char *comma = memchr(s, ',', (size_t)(end - s));
		if (!comma)
			return false;
		s = comma + 1;
	}
	const char *comma = memchr(s, ',', (size_t)(end - s));
	*f = s;
	*flen = comma ? (size_t)(comma - s) : (size_t)(end - s);
	return true;
}

/* Which field of the header holds name; -1: none. */
static int field_named(const char *header, size_t len, const char *name)
{
	const char *f;
	size_t flen;

	for (int i = 0; field_of(header, len, i, &f, &flen); i++)
		if (flen == strlen(name) && memcmp(f, name, flen) == 0)
			return i;
	return -1;
}

/* The number in a field; false if it is empty or not a number. */
static bool field_value(const char *f, size_t flen, double *v)
{
	char buf[64], *end;

	if (flen == 0 || flen >= sizeof(buf))
		return false;
	memcpy(buf, f, flen);
	buf[flen] = '\0';
	*v = strtod(buf, &end);
	return *end == '\0' || *end == '\r';
}

static size_t count_lines(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += *s == '\n';
	return n + 1;
}

bool monitor_summarise(const char *csv, struct monitor_summary *out)
{
	size_t hlen = line_len(csv), cap = count_lines(csv);
	int fields[MONITOR_SUMMARY_FIGURES];

	out->rows = 0;
	memset(out->stat, 0, sizeof(out->stat));
	if (field_named(csv, hlen, monitor_columns[MON_T_S]) < 0)
		return false;
	double *v = malloc(cap * MONITOR_SUMMARY_FIGURES * sizeof(*v));
	if (!v)
		abort();
	for (int k = 0; k < MONITOR_SUMMARY_FIGURES; k++)
		fields[k] = field_named(csv, hlen, monitor_columns[monitor_figures[k].column]);
	for (const char *s = csv + hlen; *s == '\n' && s[1]; ) {
		s++;
		size_t len = line_len(s);
		if (len > 0) {
			out->rows++;
			for (int k = 0; k < MONITOR_SUMMARY_FIGURES; k++) {
				const char *f;
				size_t flen;
				struct monitor_stat *st = &out->stat[k];
				if (fields[k] >= 0 && field_of(s, len, fields[k], &f, &flen) &&
				    field_value(f, flen, &v[k * cap + st->n]))
					st->n++;
			}
		}
		s += len;
	}
	for (int k = 0; k < MONITOR_SUMMARY_FIGURES; k++) {
		struct monitor_stat *st = &out->stat[k];
		double *col = &v[k * cap];
		st->mean = stats_mean(col, st->n);
		stats_sort(col, st->n);
		st->p99 = stats_percentile_sorted(col, st->n, 99);
	}
	free(v);
	return true;
}
