/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsync.c: the fsync workload: pg_test_fsync on the target's filesystem,
 * each wal_sync_method's rate (README.md).
 */
#include "bench/msg.h"
#include "bench/os/fsio.h"
#include "bench/workloads/cpu_figures.h"
#include "bench/workloads/fsync/fsync_output.h"
#include "bench/workloads/io_figures.h"
#include "bench/workloads/workload.h"
#include "common/clock.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

/* Eighteen tests of seconds_per_test each, and writing the 16 MB file. */
#define FSYNC_TIMEOUT_S(seconds) (300.0 + 20.0 * (seconds))

/* The directory pg_test_fsync writes in: on the target, the server's user's. */
static void test_dir(const struct workload_env *e, char *buf, size_t len)
{
	snprintf(buf, len, "%s/pg_test_fsync", e->data_dir);
}

static int fsync_prepare(struct workload_env *e, const struct bench_case *c)
{
	char dir[PATH_MAX];

	(void)c;
	test_dir(e, dir, sizeof(dir));
	if (mkdir(dir, 0700) < 0 && errno != EEXIST)
		return fail("could not create directory \"%s\":", dir);
	if (geteuid() == 0 && chown(dir, e->pg->uid, e->pg->gid) < 0)
		return fail("could not change the owner of \"%s\":", dir);
	return 0;
}

struct fsync_ctx {
	const struct bench_case *c;
	struct fsync_report report;
};

static void fsync_line(void *arg, const char *line)
{
	struct fsync_ctx *ctx = arg;
	const struct fsync_result *res = fsync_report_line(&ctx->report, line);

	if (res)
		note("fsync %s: %.1f ops/s", res->metric, res->ops_s);
}

/* pg_test_fsync's operations, all its tests together: each test's rate
 * over the seconds it ran (to within the one it was in when its time was
 * up). */
static double fsync_ops(const struct fsync_report *r, long long seconds)
{
	double ops = 0;

	for (size_t i = 0; i < r->n; i++)
		ops += r->results[i].ops_s * (double)seconds;
	return ops;
}

static int fsync_measure(struct workload_env *e, const struct bench_case *c,
			 struct measurement_out *m)
{
	long long seconds = case_param_number(c, "seconds_per_test");
	char program[PATH_MAX], dir[PATH_MAX], file[PATH_MAX + 32], secs[24];
	char log_path[PATH_MAX], log_name[192], err[256];
	const char *argv[] = { program, "-f", file, "-s", secs, NULL };
	struct fsync_ctx ctx = { .c = c };
	struct proc_spec spec;

	pg_program(program, sizeof(program), "pg_test_fsync");
	test_dir(e, dir, sizeof(dir));
	snprintf(file, sizeof(file), "%s/pg_test_fsync.out", dir);
	snprintf(secs, sizeof(secs), "%lld", seconds);
	snprintf(log_name, sizeof(log_name), "logs/%s.txt", c->id);
	run_path(e, log_path, sizeof(log_path), "logs/%s.txt", c->id);
	fsync_report_init(&ctx.report);
	pg_spec(e->pg, &spec, "pg_test_fsync", argv, log_name);
	spec.spawn.cwd = dir;

	note("fsync: pg_test_fsync, %lld s per test, on %s", seconds, dir);
	struct cpu_work work = { .unit = &cpu_unit_op, .sides = CPU_CLIENT };
	struct io_work io = { .unit = &cpu_unit_op };
	struct cpu_reading cpu0, cpu1;
	struct io_reading io0, io1;
	cpu_read(e, work.sides, &cpu0);
	io_read(e->io, &io0);
	double start = clock_now();
	if (proc_run_logged(&spec, FSYNC_TIMEOUT_S(seconds), log_path, NULL,
			    fsync_line, &ctx) < 0)
		return -1;
	m->measured_s = clock_now() - start;
	io_read(e->io, &io1);
	cpu_read(e, work.sides, &cpu1);
	if (rmdir(dir) < 0)
		warning("could not remove directory \"%s\":", dir);
	if (fsync_report_check(&ctx.report, err, sizeof(err)) < 0)
		return fail("%s: %s (see %s)", c->id, err, log_name);

	for (size_t i = 0; i < ctx.report.n; i++)
		metric_set(m, ctx.report.results[i].metric,
			   ctx.report.results[i].ops_s);
	m->primary = "fdatasync_ops_s";
	m->unit = "ops/s";
	m->higher_is_better = true;
	cpu_work_add(&work, &cpu0, &cpu1);
	io_work_add(&io, &io0, &io1);
	work.units = io.units = fsync_ops(&ctx.report, seconds);
	cpu_figures_set(e, m, &work);
	io_figures_set(e, m, &io);
	if (ctx.report.direct_io_refused)
		measure_warn(m, "no-direct-io", "the filesystem refused direct "
			     "I/O: pg_test_fsync skipped %s",
			     ctx.report.not_available);
	note("fsync s=%lld: fdatasync %.1f ops/s, fsync %.1f ops/s, "
	     "open_datasync %.1f ops/s", seconds,
	     metric_get(m, "fdatasync_ops_s"), metric_get(m, "fsync_ops_s"),
	     metric_get(m, "open_datasync_ops_s"));
	return 0;
}

const struct workload workload_fsync = {
	.spec = &fsync_spec,
	.prepare = fsync_prepare,
	.measure = fsync_measure,
};
