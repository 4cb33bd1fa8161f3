/* SPDX-License-Identifier: GPL-2.0-only */
/* sysstat.c: /proc/stat, /proc/diskstats, /proc/meminfo, cpufreq. */
#include "bench/monitor/sysstat.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "common/meminfo.h"

bool cpu_sample_parse(const char *line, struct cpu_sample *s)
{
	memset(s, 0, sizeof(*s));
	/* "cpu " only: sscanf would read "cpu0 ..." as the total with user 0. */
	if (strncmp(line, "cpu ", 4) != 0)
		return false;
	/* Kernels before 2.6.11 had fewer fields; steal may be missing. */
	return sscanf(line, "cpu %llu %llu %llu %llu %llu %llu %llu %llu",
		      &s->user, &s->nice, &s->system, &s->idle, &s->iowait,
		      &s->irq, &s->softirq, &s->steal) >= 7;
}

bool disk_sample_parse(const char *line, const char *device, struct disk_sample *s)
{
	unsigned major, minor;
	char name[64];
	unsigned long long merged_r, ms_r, merged_w, ms_w, in_flight;

	if (sscanf(line, " %u %u %63s %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu",
		   &major, &minor, name, &s->reads, &merged_r, &s->read_sectors,
		   &ms_r, &s->writes, &merged_w, &s->write_sectors, &ms_w,
		   &in_flight, &s->io_ms) != 13)
		return false;
	return strcmp(name, device) == 0;
}

/* The first line of path that parse() accepts; errno ENOENT if none. */
static int read_matching_line(const char *path, bool (*parse)(const char *, void *),
			      void *ctx)
{
	FILE *f = fopen(path, "re");
	char line[512];
	bool found = false;

	if (!f)
		return -1;
	while (!found && fgets(line, sizeof(line), f))
		found = parse(line, ctx);
	fclose(f);
	if (!found)
		errno = ENOENT;
	return found ? 0 : -1;
}

static bool take_cpu(const char *line, void *ctx)
{
	return cpu_sample_parse(line, ctx);
}

struct disk_wanted {
	const char *device;
	struct disk_sample *s;
};

static bool take_disk(const char *line, void *ctx)
{
	struct disk_wanted *w = ctx;
	return disk_sample_parse(line, w->device, w->s);
}

int cpu_sample_read(const char *path, struct cpu_sample *s)
{
	return read_matching_line(path, take_cpu, s);
}

int disk_sample_read(const char *path, const char *device, struct disk_sample *s)
{
	struct disk_wanted w = { device, s };
	return read_matching_line(path, take_disk, &w);
}

static double share(unsigned long long part, unsigned long long total)
{
	return total ? 100.0 * (double)part / (double)total : 0;
}

void cpu_shares_between(const struct cpu_sample *a, const struct cpu_sample *b,
			struct cpu_shares *out)
{
	unsigned long long user = (b->user + b->nice) - (a->user + a->nice);
	unsigned long long sys = (b->system + b->irq + b->softirq) -
		(a->system + a->irq + a->softirq);
	unsigned long long iowait = b->iowait - a->iowait;
	unsigned long long idle = b->idle - a->idle;
	unsigned long long other = b->steal - a->steal;
	unsigned long long total = user + sys + iowait + idle + other;

	out->user = share(user, total);
	out->system = share(sys, total);
	out->iowait = share(iowait, total);
	out->idle = share(idle, total);
	out->other = share(other, total);
}

void disk_delta_between(const struct disk_sample *a, const struct disk_sample *b,
			double seconds, struct disk_delta *out)
{
	/* /proc/diskstats counts 512-byte sectors whatever the device's. */
	out->read_bytes = (b->read_sectors - a->read_sectors) * 512;
	out->write_bytes = (b->write_sectors - a->write_sectors) * 512;
	out->reads = b->reads - a->reads;
	out->writes = b->writes - a->writes;
	out->busy_pct = seconds > 0 ?
		100.0 * (double)(b->io_ms - a->io_ms) / (seconds * 1000.0) : 0;
	if (out->busy_pct > 100)
		out->busy_pct = 100;
}

long long mem_total_bytes(const char *path)
{
	long long kib = meminfo_read_kib(path, "MemTotal");

	return kib > 0 ? kib * 1024 : 0;
}

bool cpu_governor(const char *path, char *buf, unsigned len)
{
	FILE *f = fopen(path, "re");

	if (!f)
		return false;
	bool ok = fgets(buf, (int)len, f) != NULL;
	fclose(f);
	if (ok)
		buf[strcspn(buf, "\n")] = '\0';
	return ok && buf[0];
}
