/* SPDX-License-Identifier: GPL-2.0-only */
/* monitor_source.c: the monitor's files, kept open, read with pread(). */
#include "bench/monitor/monitor_source.h"
#include "bench/msg.h"
#include "common/clock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BUF_START (64 * 1024)          /* /proc/stat of a few hundred CPUs */
#define BUF_MAX (16 * 1024 * 1024)

static const char *const proc_names[SRC_N] = {
	[SRC_STAT] = "stat", [SRC_VMSTAT] = "vmstat", [SRC_DISKSTATS] = "diskstats",
	[SRC_PSI_CPU] = "pressure/cpu", [SRC_PSI_IO] = "pressure/io",
	[SRC_PSI_MEMORY] = "pressure/memory",
};

/* What the columns of a source are called, for warnings. */
static const char *const columns_of[SRC_N] = {
	[SRC_STAT] = "cpu_*, ctxt_per_s, intr_per_s",
	[SRC_VMSTAT] = "pgfault_per_s ... thp_collapse_alloc_per_s",
	[SRC_DISKSTATS] = "disk_*",
	[SRC_PSI_CPU] = "psi_cpu_*", [SRC_PSI_IO] = "psi_io_*",
	[SRC_PSI_MEMORY] = "psi_memory_*", [SRC_CPUFREQ] = "cpu_mhz",
};

/* The whole file at fd into s->buf; its length, or -1 with errno set. */
static ssize_t read_whole(struct monitor_sources *s, int fd)
{
	size_t len = 0;

	for (;;) {
		if (s->cap - len < 2) {
			if (s->cap >= BUF_MAX) {
				errno = EFBIG;
				return -1;
			}
			char *bigger = realloc(s->buf, s->cap * 2);
			if (!bigger)
				return -1;
			s->buf = bigger;
			s->cap *= 2;
		}
		size_t room = s->cap - 1 - len;
		ssize_t n = pread(fd, s->buf + len, room, (off_t)len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		len += (size_t)n;
		/* A /proc file gives all it has up to the size asked. */
		if (n == 0 || (size_t)n < room)
			break;
	}
	s->buf[len] = '\0';
	return (ssize_t)len;
}

/* Read and parse one source; false if it failed (errno 0: the format). */
static bool read_source(struct monitor_sources *s, int src, struct monitor_sample *out)
{
	if (s->fd[src] < 0)
		return true;
	if (read_whole(s, s->fd[src]) < 0)
		return false;
	errno = 0;
	switch (src) {
	case SRC_STAT:
		return stat_parse(s->buf, &out->stat);
	case SRC_VMSTAT:
		return vmstat_parse(s->buf, &out->vm);
	case SRC_DISKSTATS:	/* a device without a line: has_disk false */
		for (int d = 0; d < MONITOR_DEVICES; d++)
			out->has_disk[d] = s->device[d] &&
				diskstats_parse(s->buf, s->device[d], &out->disk[d]);
		return true;
	case SRC_CPUFREQ:
		return out->has_cpu_mhz = cpufreq_parse(s->buf, &out->cpu_mhz);
	default:
		return psi_parse(s->buf, &out->psi[src - SRC_PSI_CPU]);
	}
}

unsigned monitor_sources_read(struct monitor_sources *s, struct monitor_sample *out)
{
	unsigned failed = 0;

	memset(out, 0, sizeof(*out));
	out->t = clock_now();
	for (int src = 0; src < SRC_N; src++)
		if (!read_source(s, src, out))
			failed |= 1u << src;
	return failed;
}

/* Say once per run that a source is left out, and why. */
static void warn_once(monitor_warned *warned, unsigned bit, const char *what,
		      const char *why, const char *columns)
{
	if (*warned & bit)
		return;
	*warned |= bit;
	warning("%s: %s; the %s columns of series/*.sys.csv stay empty", what, why, columns);
}

static const char *why_not(int err)
{
	return err ? strerror(err) : "not in the format expected";
}

int monitor_sources_open(struct monitor_sources *s, const struct monitor_paths *p,
			 const char *const devices[MONITOR_DEVICES],
			 monitor_warned *warned, struct monitor_sample *first)
{
	memset(s, 0, sizeof(*s));
	for (int src = 0; src < SRC_N; src++)
		s->fd[src] = -1;
	s->buf = malloc(BUF_START);
	if (!s->buf)
		return -1;
	s->cap = BUF_START;
	for (int d = 0; d < MONITOR_DEVICES; d++)
		s->device[d] = devices[d] && devices[d][0] ? devices[d] : NULL;
	for (int src = 0; src < SRC_N; src++) {
		if (src == SRC_CPUFREQ)
			snprintf(s->path[src], sizeof(s->path[src]), "%s", p->cpufreq);
		else
			snprintf(s->path[src], sizeof(s->path[src]), "%s/%s", p->proc,
				 proc_names[src]);
		s->fd[src] = open(s->path[src], O_RDONLY | O_CLOEXEC);
		if (s->fd[src] < 0 && !(src == SRC_CPUFREQ && errno == ENOENT))
			warn_once(warned, 1u << src, s->path[src], strerror(errno),
				  columns_of[src]);
	}
	memset(first, 0, sizeof(*first));
	first->t = clock_now();
	for (int src = 0; src < SRC_N; src++) {
		if (read_source(s, src, first))
			continue;
		warn_once(warned, 1u << src, s->path[src], why_not(errno), columns_of[src]);
		close(s->fd[src]);
		s->fd[src] = -1;
	}
	for (int d = 0; d < MONITOR_DEVICES; d++) {
		char what[PATH_MAX + 128];
		snprintf(what, sizeof(what), "%s has no line for %s",
			 s->path[SRC_DISKSTATS], s->device[d] ? s->device[d] : "");
		if (s->device[d] && s->fd[SRC_DISKSTATS] >= 0 && !first->has_disk[d])
			warn_once(warned, 1u << (SRC_N + d), what, "no such device",
				  d == 0 ? "disk_target_*" : "disk_wal_*");
	}
	return 0;
}

void monitor_sources_close(struct monitor_sources *s)
{
	for (int src = 0; src < SRC_N; src++) {
		if (s->fd[src] >= 0)
			close(s->fd[src]);
		s->fd[src] = -1;
	}
	free(s->buf);
	s->buf = NULL;
	s->cap = 0;
}
