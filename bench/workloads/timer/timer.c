/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * timer.c: the timer workload: how long the shortest select(2) and
 * nanosleep(2) sleeps take (the kernel's timer resolution and slack),
 * then pg_test_timing (README.md).
 */
#include "bench/msg.h"
#include "bench/os/fsio.h"
#include "bench/workloads/cpu_figures.h"
#include "bench/workloads/io_figures.h"
#include "bench/workloads/timer/timer_hist.h"
#include "bench/workloads/timer/timing_output.h"
#include "bench/workloads/workload.h"
#include "common/clock.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/select.h>
#include <time.h>
#include <unistd.h>

#define TIMING_TIMEOUT_S(seconds) (60.0 + (seconds))
#define PROGRESS_EVERY_S 5.0

static int timer_prepare(struct workload_env *e, const struct bench_case *c)
{
	(void)e;
	(void)c;
	return 0;
}

/* The shortest sleeps: select with a 1 µs timeout, nanosleep of 1 µs. */
static int sleep_delays(const struct bench_case *c, long long samples,
			struct delay_hist *sel, struct delay_hist *nano)
{
	double next_note = clock_now() + PROGRESS_EVERY_S;

	for (long long k = 0; k < samples; k++) {
		struct timeval tv = { .tv_sec = 0, .tv_usec = 1 };
		struct timespec ts = { .tv_sec = 0, .tv_nsec = 1000 };

		double t0 = clock_now() * 1e6;
		if (select(0, NULL, NULL, NULL, &tv) < 0 && errno != EINTR)
			return fail("select with a 1 us timeout failed:");
		double t1 = clock_now() * 1e6;
		if (nanosleep(&ts, NULL) < 0 && errno != EINTR)
			return fail("nanosleep of 1 us failed:");
		double t2 = clock_now() * 1e6;
		hist_add(sel, t1 - t0);
		hist_add(nano, t2 - t1);

		if (k % 256 == 255) {
			if (proc_check_stop(c->id) < 0)
				return -1;
			if (clock_now() >= next_note) {
				note("timer: %lld/%lld samples", k + 1, samples);
				next_note += PROGRESS_EVERY_S;
			}
		}
	}
	return 0;
}

static void timing_line(void *arg, const char *line)
{
	timing_report_line(arg, line);
}

/* pg_test_timing -d seconds as the postgres user, its output after the
 * histograms in the log (fd). */
static int run_pg_test_timing(struct workload_env *e, const struct bench_case *c,
			      long long seconds, int fd, const char *log_name,
			      struct timing_report *r)
{
	char program[PATH_MAX], secs[24], header[PATH_MAX + 64], err[256];
	const char *argv[] = { program, "-d", secs, NULL };
	struct proc_spec spec;

	pg_program(program, sizeof(program), "pg_test_timing");
	snprintf(secs, sizeof(secs), "%lld", seconds);
	int n = snprintf(header, sizeof(header), "\n$ %s -d %s\n", program, secs);
	if (write_all(fd, header, (size_t)n) < 0)
		return fail("could not write \"%s\":", log_name);
	pg_spec(e->pg, &spec, "pg_test_timing", argv, log_name);
	timing_report_init(r);
	note("timer: pg_test_timing for %lld s", seconds);
	if (proc_run(&spec, TIMING_TIMEOUT_S(seconds), fd, timing_line, r) < 0)
		return -1;
	if (timing_report_check(r, err, sizeof(err)) < 0)
		return fail("%s: %s (see %s)", c->id, err, log_name);
	return 0;
}

static void set_delays(struct measurement_out *m, const char *name,
		       const struct delay_hist *h)
{
	static const struct {
		const char *suffix;
		double p;
	} figures[] = {
		{ "min", 0 }, { "p50", 50 }, { "p99", 99 }, { "max", 100 },
	};
	char metric[48];

	for (size_t i = 0; i < sizeof(figures) / sizeof(figures[0]); i++) {
		snprintf(metric, sizeof(metric), "%s_%s_us", name, figures[i].suffix);
		metric_set(m, metric, figures[i].p == 0 ? h->min_us :
			   hist_percentile(h, figures[i].p));
	}
}

static int timer_measure(struct workload_env *e, const struct bench_case *c,
			 struct measurement_out *m)
{
	long long samples = case_param_number(c, "samples");
	long long seconds = case_param_number(c, "duration_s");
	char log_path[PATH_MAX], log_name[192];
	struct timing_report timing;
	int rc = -1;

	snprintf(log_name, sizeof(log_name), "logs/%s.txt", c->id);
	run_path(e, log_path, sizeof(log_path), "logs/%s.txt", c->id);
	struct delay_hist *sel = malloc(sizeof(*sel));
	struct delay_hist *nano = malloc(sizeof(*nano));
	if (!sel || !nano) {
		free(sel);
		free(nano);
		return fail("out of memory for the delay histograms");
	}
	hist_init(sel);
	hist_init(nano);

	note("timer: %lld select and nanosleep sleeps of 1 us", samples);
	/* this program's CPU time per sleep, and the I/O, over the sleeps alone */
	struct cpu_work work = { .unit = &cpu_unit_sleep, .sides = CPU_RUNNER,
				 .units = 2.0 * (double)samples };
	struct io_work io = { .unit = &cpu_unit_sleep, .units = work.units };
	struct cpu_reading cpu0, cpu1;
	struct io_reading io0, io1;
	cpu_read(e, work.sides, &cpu0);
	io_read(e->io, &io0);
	double start = clock_now();
	if (sleep_delays(c, samples, sel, nano) < 0)
		goto out;
	io_read(e->io, &io1);
	cpu_read(e, work.sides, &cpu1);
	cpu_work_add(&work, &cpu0, &cpu1);
	io_work_add(&io, &io0, &io1);

	int fd = open_log(log_path);
	if (fd < 0)
		goto out;
	FILE *f = fdopen(fd, "a");
	if (!f) {
		close(fd);
		fail("could not open \"%s\":", log_path);
		goto out;
	}
	hist_print(sel, "select", f);
	hist_print(nano, "nanosleep", f);
	if (fflush(f) != 0)
		fail("could not write \"%s\":", log_path);
	else if (run_pg_test_timing(e, c, seconds, fd, log_name, &timing) == 0) {
		if (fsync(fd) < 0)
			fail("could not fsync \"%s\":", log_path);
		else
			rc = 0;
	}
	if (fclose(f) != 0 && rc == 0)
		rc = fail("could not close \"%s\":", log_path);
	if (rc < 0)
		goto out;
	m->measured_s = clock_now() - start;

	set_delays(m, "select", sel);
	set_delays(m, "nanosleep", nano);
	metric_set(m, "timing_loop_ns", timing.loop_ns);
	metric_set(m, "timing_below_1us_pct", timing.below_1us_pct);
	metric_set(m, "timing_max_us", (double)timing.max_us);
	m->primary = "nanosleep_min_us";
	m->unit = "us";
	m->higher_is_better = false;
	cpu_figures_set(e, m, &work);
	io_figures_set(e, m, &io);
	note("timer n=%lld: nanosleep min %.1f us, p99 %.1f us; select min "
	     "%.1f us; pg_test_timing %.2f ns per loop", samples,
	     metric_get(m, "nanosleep_min_us"), metric_get(m, "nanosleep_p99_us"),
	     metric_get(m, "select_min_us"), timing.loop_ns);
out:
	free(sel);
	free(nano);
	return rc;
}

const struct workload workload_timer = {
	.spec = &timer_spec,
	.prepare = timer_prepare,
	.measure = timer_measure,
};
