/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rawio.c: the rawio workload: lmdd-style sequential write, then read
 * from a cold cache, of a file on the target (README.md).
 */
#include "bench/workloads/rawio/rawio.h"
#include "bench/msg.h"
#include "bench/os/fsio.h"
#include "bench/workloads/cpu_figures.h"
#include "bench/workloads/io_figures.h"
#include "bench/workloads/rawio/rawio_io.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define RAWIO_FILE "bootbench-rawio.dat"
#define DROP_CACHES_PATH "/proc/sys/vm/drop_caches"

static int rawio_prepare(struct workload_env *e, const struct bench_case *c)
{
	(void)e, (void)c;
	return 0;
}

int rawio_cold(struct workload_env *e, struct measurement_out *m)
{
	if (e->target)
		return volume_remount(e->target) < 0 ? -1 : drop_caches();
	if (access(DROP_CACHES_PATH, W_OK) == 0)
		return drop_caches();
	measure_warn(m, "warm-cache", "could not drop the page cache (%s is "
		     "not writable: %s): the reads may come from memory",
		     DROP_CACHES_PATH, strerror(errno));
	sync();
	return 0;
}

static int log_line(int log, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int log_line(int log, const char *fmt, ...)
{
	char line[512];
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return fail("could not format a log line");
	if ((size_t)n > sizeof(line) - 2)
		n = (int)sizeof(line) - 2;
	line[n++] = '\n';
	if (write_all(log, line, (size_t)n) < 0)
		return fail("could not write a case log:");
	return 0;
}

int rawio_cycle(struct workload_env *e, struct measurement_out *m,
		const char *what, long long size, long long block,
		bool sync_end, int log, struct rawio_times *t)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/" RAWIO_FILE, e->data_dir);
	memset(t, 0, sizeof(*t));
	note("%s: writing %lld MiB to %s in %lld KiB blocks%s", what, size >> 20,
	     path, block >> 10, sync_end ? ", then fdatasync" : "");
	if (rawio_write(path, size, block, sync_end, e->io, &t->write) < 0) {
		unlink(path);
		return -1;
	}
	t->write_s = t->write.seconds;
	if (log_line(log, "write %s: %lld bytes in %lld-byte blocks%s: %.6f s, "
		     "%.1f MB/s", path, size, block,
		     sync_end ? " + fdatasync" : "", t->write_s,
		     rawio_mb_s(size, t->write_s)) < 0 ||
	    log_line(log, "cold cache: %s", e->target ?
		     "remount + drop_caches" : "drop_caches") < 0 ||
	    rawio_cold(e, m) < 0) {
		unlink(path);
		return -1;
	}
	note("%s: reading it back from a cold cache", what);
	if (rawio_read(path, size, block, e->io, &t->read) < 0) {
		unlink(path);
		return -1;
	}
	t->read_s = t->read.seconds;
	if (unlink(path) < 0)
		return fail("could not remove \"%s\":", path);
	return log_line(log, "read %s: %lld bytes in %lld-byte blocks: %.6f s, "
			"%.1f MB/s", path, size, block, t->read_s,
			rawio_mb_s(size, t->read_s));
}

/* This program's CPU time, and the I/O, per MB written and read (its
 * timed writes and reads: not the remount and the dropping of caches
 * between them). */
static void rawio_figures(const struct workload_env *e, struct measurement_out *m,
			  long long size, const struct rawio_times *t)
{
	double units = 2.0 * (double)size / 1e6;
	struct cpu_work work = {
		.unit = &cpu_unit_mb, .sides = CPU_RUNNER, .units = units,
		.seconds = t->write.seconds + t->read.seconds,
		.client = cputime_add(&t->write.cpu, &t->read.cpu),
		.unread = t->write.cpu.usage_us < 0 || t->read.cpu.usage_us < 0,
	};
	struct io_work io = { .unit = &cpu_unit_mb, .units = units };

	io_work_add(&io, &t->write.io0, &t->write.io1);
	io_work_add(&io, &t->read.io0, &t->read.io1);
	cpu_figures_set(e, m, &work);
	io_figures_set(e, m, &io);
}

static int rawio_measure(struct workload_env *e, const struct bench_case *c,
			 struct measurement_out *m)
{
	long long size = case_param_number(c, "size");
	long long block = case_param_number(c, "block_size");
	bool sync_end = strcmp(case_param(c, "sync"), "end") == 0;
	char log_path[PATH_MAX], log_name[192], what[160];
	struct rawio_times t;

	snprintf(log_name, sizeof(log_name), "logs/%s.txt", c->id);
	run_path(e, log_path, sizeof(log_path), "logs/%s.txt", c->id);
	snprintf(what, sizeof(what), "rawio s=%s b=%s%s", case_param(c, "size"),
		 case_param(c, "block_size"), sync_end ? "" : " sync=none");
	int log = open_log(log_path);
	if (log < 0)
		return -1;

	/* The target is remounted between write and read: the server,
	 * which keeps files open on it, stops for the measurement. */
	bool restart = e->target && e->pg && e->pg->pid != 0;
	int rc = 0;
	if (restart) {
		note("%s: stopping the server to remount the target", what);
		rc = log_line(log, "server stopped for the measurement");
		if (rc == 0)
			rc = pg_stop(e->pg, false);
	}
	if (rc == 0) {
		window_open(e);
		rc = rawio_cycle(e, m, what, size, block, sync_end, log, &t);
		window_close(e);
	}
	if (rc == 0 && restart) {
		char pg_log[PATH_MAX];
		run_path(e, pg_log, sizeof(pg_log), "logs/postgres.log");
		rc = pg_start(e->pg, pg_log, "logs/postgres.log");
	}
	if (fsync(log) < 0 && rc == 0)
		rc = fail("could not fsync \"%s\":", log_path);
	close(log);
	if (rc < 0)
		return -1;

	if (t.write_s <= 0 || t.read_s <= 0)
		return fail("%s: a transfer took no measurable time", c->id);
	metric_set(m, "write_mb_s", rawio_mb_s(size, t.write_s));
	metric_set(m, "read_mb_s", rawio_mb_s(size, t.read_s));
	metric_set(m, "write_ms", t.write_s * 1e3);
	metric_set(m, "read_ms", t.read_s * 1e3);
	m->primary = "read_mb_s";
	m->unit = "MB/s";
	m->higher_is_better = true;
	m->dataset_bytes = size;
	m->measured_s = t.write_s + t.read_s;
	rawio_figures(e, m, size, &t);
	note("%s: write %.1f MB/s, read %.1f MB/s", what,
	     metric_get(m, "write_mb_s"), metric_get(m, "read_mb_s"));
	return 0;
}

const struct workload workload_rawio = {
	.spec = &rawio_spec,
	.prepare = rawio_prepare,
	.measure = rawio_measure,
	.marks_window = true,
};
