/* SPDX-License-Identifier: GPL-2.0-only */
/* monitor_parse.c: the monitor's /proc and cpufreq texts. */
#include "bench/monitor/monitor_parse.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The next line of *p (without its '\n') into line; false at the end. */
static bool next_line(const char **p, char *line, size_t len)
{
	const char *s = *p, *end;
	size_t n;

	if (!*s)
		return false;
	end = strchr(s, '\n');
	n = end ? (size_t)(end - s) : strlen(s);
	*p = end ? end + 1 : s + n;
	if (n >= len)
		n = len - 1;	/* a longer line is cut: only its start counts */
	memcpy(line, s, n);
	line[n] = '\0';
	return true;
}

/* Whole numbers separated by blanks from *p, at most max of them. */
static int numbers(const char *p, unsigned long long *v, int max)
{
	int n = 0;

	while (n < max) {
		char *end;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p < '0' || *p > '9')
			break;
		errno = 0;
		v[n] = strtoull(p, &end, 10);
		if (errno || (*end && *end != ' ' && *end != '\t' && *end != '\n'))
			break;
		n++;
		p = end;
	}
	return n;
}

bool stat_parse(const char *text, struct stat_counters *s)
{
	char line[512];

	memset(s, 0, sizeof(*s));
	while (next_line(&text, line, sizeof(line))) {
		if (strncmp(line, "cpu ", 4) == 0)
			s->n_cpu = numbers(line + 4, s->cpu, CPU_N_FIELDS);
		else if (strncmp(line, "ctxt ", 5) == 0)
			s->has_ctxt = numbers(line + 5, &s->ctxt, 1) == 1;
		else if (strncmp(line, "intr ", 5) == 0)
			s->has_intr = numbers(line + 5, &s->intr, 1) == 1;
	}
	if (s->n_cpu < 4)
		s->n_cpu = 0;	/* not even user, nice, system, idle */
	return s->n_cpu > 0 || s->has_ctxt || s->has_intr;
}

static bool starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Which counter a /proc/vmstat name adds to; -1: none. */
static int vm_counter_of(const char *name)
{
	static const char *const exact[] = {
		[VM_PGFAULT] = "pgfault", [VM_PGMAJFAULT] = "pgmajfault",
		[VM_PSWPIN] = "pswpin", [VM_PSWPOUT] = "pswpout",
		[VM_THP_FAULT_ALLOC] = "thp_fault_alloc",
		[VM_THP_COLLAPSE_ALLOC] = "thp_collapse_alloc",
	};

	for (int i = 0; i < VM_N_COUNTERS; i++)
		if (exact[i] && strcmp(name, exact[i]) == 0)
			return i;
	/* pgscan_anon/_file split the same pages again by kind, and
	 * pgscan_direct_throttle counts throttlings, not pages. */
	if ((starts(name, "pgscan_kswapd") || starts(name, "pgscan_direct") ||
	     strcmp(name, "pgscan_khugepaged") == 0) &&
	    strcmp(name, "pgscan_direct_throttle") != 0)
		return VM_PGSCAN;
	if (starts(name, "pgsteal_kswapd") || starts(name, "pgsteal_direct") ||
	    strcmp(name, "pgsteal_khugepaged") == 0)
		return VM_PGSTEAL;
	return -1;
}

bool vmstat_parse(const char *text, struct vm_counters *v)
{
	char line[256], name[128];
	bool any = false;

	memset(v, 0, sizeof(*v));
	while (next_line(&text, line, sizeof(line))) {
		char *space = strchr(line, ' ');
		unsigned long long n;

		if (!space || space == line || (size_t)(space - line) >= sizeof(name) ||
		    numbers(space + 1, &n, 1) != 1)
			continue;
		memcpy(name, line, (size_t)(space - line));
		name[space - line] = '\0';
		any = true;
		int i = vm_counter_of(name);
		if (i >= 0) {
			v->v[i] += n;
			v->has[i] = true;
		}
	}
	return any;
}

bool diskstats_parse(const char *text, const char *device, struct disk_counters *d)
{
	char line[512];

	memset(d, 0, sizeof(*d));
	while (next_line(&text, line, sizeof(line))) {
		unsigned long long v[11];
		char name[64];
		int at = 0, n;
		unsigned major, minor;

		if (sscanf(line, " %u %u %63s %n", &major, &minor, name, &at) != 3 ||
		    strcmp(name, device) != 0)
			continue;
		n = numbers(line + at, v, 11);
		if (n >= 11) {
			*d = (struct disk_counters){
				.reads = v[0], .read_sectors = v[2], .read_ms = v[3],
				.writes = v[4], .write_sectors = v[6], .write_ms = v[7],
				.io_ms = v[9], .weighted_ms = v[10], .has_times = true,
			};
			return true;
		}
		if (n == 4) {
			*d = (struct disk_counters){
				.reads = v[0], .read_sectors = v[1],
				.writes = v[2], .write_sectors = v[3],
			};
			return true;
		}
		return false;
	}
	return false;
}

bool psi_parse(const char *text, struct psi_values *p)
{
	char line[256];
	double avg10;

	memset(p, 0, sizeof(*p));
	while (next_line(&text, line, sizeof(line))) {
		if (sscanf(line, "some avg10=%lf ", &avg10) == 1) {
			p->some_avg10 = avg10;
			p->has_some = true;
		} else if (sscanf(line, "full avg10=%lf ", &avg10) == 1) {
			p->full_avg10 = avg10;
			p->has_full = true;
		}
	}
	return p->has_some || p->has_full;
}

bool cpufreq_parse(const char *text, double *mhz)
{
	unsigned long long khz;

	if (numbers(text, &khz, 1) != 1)
		return false;
	*mhz = (double)khz / 1000.0;
	return true;
}
