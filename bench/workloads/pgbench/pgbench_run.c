/* SPDX-License-Identifier: GPL-2.0-only */
/* pgbench_run.c: run pgbench with a log (of transactions or of seconds) and read what it gives. */
#include "bench/workloads/pgbench/pgbench_run.h"
#include "bench/msg.h"
#include "bench/os/fsio.h"
#include "bench/workloads/pgbench/pgbench_counters.h"
#include "bench/workloads/pgbench/pgbench_keys.h"
#include "bench/workloads/pgbench/pgbench_rate.h"
#include "bench/workloads/pgbench/pgbench_tail.h"
#include "common/clock.h"
#include "common/fileio.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* A run's bound: its length and what it may overrun it by (overrun_s). */
#define RUN_OVERRUN_S 120
/* -t: no length is known; allow 20 transactions per second at least. */
#define COUNT_TIMEOUT_S(txns)  (600.0 + 0.05 * (double)(txns))

/* pgbench writes its logs in its working directory: a private one on
 * /tmp (tmpfs in the appliance), so the logs never touch the target. */
#define TMP_TEMPLATE "/tmp/bootbench-pgbench.XXXXXX"
#define LOG_PREFIX   "pgbench_log."
#define SCRIPT_NAME  "script.sql"
#define US_PER_S     1000000LL

enum pgbench_log_kind pgbench_log_kind(const char *value)
{
	return strcmp(value, "seconds") == 0 ? PGBENCH_LOG_SECONDS :
		strcmp(value, "transactions") == 0 ? PGBENCH_LOG_TRANSACTIONS :
		PGBENCH_LOG_AUTO;
}

/* Everything in dir goes, then dir.  Quiet: a leftover is harmless. */
static void remove_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char path[PATH_MAX];

	if (d) {
		while ((de = readdir(d))) {
			if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
				continue;
			snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
			unlink(path);
		}
		closedir(d);
	}
	rmdir(dir);
}

static int write_script(const struct workload_env *e, const struct bench_case *c,
			const char *dir, const char *text)
{
	char path[PATH_MAX];
	size_t len = strlen(text);

	snprintf(path, sizeof(path), "%s/%s", dir, SCRIPT_NAME);
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0)
		return fail("could not create \"%s\":", path);
	if (write_all(fd, text, len) < 0) {
		close(fd);
		return fail("could not write \"%s\":", path);
	}
	if (close(fd) < 0)
		return fail("could not write \"%s\":", path);
	/* The record: what ran, next to its output. */
	run_path(e, path, sizeof(path), "logs/%s.sql", c->group);
	return replace_file(path, text, len);
}

/*
 * pgbench's -T.  A log of seconds loses the second each thread began in
 * and the last, unwritten one, and a thread that starts after a second has
 * turned loses one more: two more seconds keep duration_s whole seconds in
 * the window (pgbench_log.h).
 */
static int run_seconds(const struct pgbench_job *j)
{
	return j->warmup_s + j->duration_s + (j->log == PGBENCH_LOG_SECONDS ? 2 : 0);
}

/* One attempt: its directory, its log being read, what its lines said. */
struct attempt {
	const struct workload_env *e;
	const struct pgbench_job *j;
	char dir[sizeof(TMP_TEMPLATE)];
	double sampling_rate;
	struct pgbench_report report;
	struct pgbench_log log;
	struct pgbench_tail tail;
	struct pgbench_counters counters;   /* CPU, I/O and WAL read at each tick */
	char err[PATH_MAX + 512];      /* why reading the log failed; "" */
	double started;                /* clock_now() as pgbench was started */
	bool rate_checked;             /* log = auto: its rate was looked at */
	double last_tick;              /* when the last one came */
	long long last_count;          /* the log's transactions then */
	double restart_rate;           /* > 0: start again logging this sample */
	volatile sig_atomic_t enough;
};

static int log_line(void *ctx, size_t file, const char *line, char *err, size_t len)
{
	return pgbench_log_line(ctx, file, line, err, len);
}

/* log = auto: once the log spans half a second (at the first second's
 * tick, or a later one if pgbench was slow to start), above
 * PGBENCH_LOG_RATE_MAX transactions a second (every one logged: a line
 * each) pgbench starts again logging a sample of that many a second. */
static void check_log_rate(struct attempt *a)
{
	const struct pgbench_job *j = a->j;
	const struct pgbench_log *l = &a->log;

	if (j->log != PGBENCH_LOG_AUTO || j->rate > 0 || a->sampling_rate < 1 ||
	    a->rate_checked || l->lines == 0 || l->end_us - l->begin_us < US_PER_S / 2)
		return;
	a->rate_checked = true;
	double tps = (double)l->lines / ((double)(l->end_us - l->begin_us) / US_PER_S);
	if (tps <= PGBENCH_LOG_RATE_MAX)
		return;
	/* four digits are enough, and the rate stays below the limit */
	a->restart_rate = floor(PGBENCH_LOG_RATE_MAX / tps * 1e4) / 1e4;
	if (a->restart_rate <= 0)
		a->restart_rate = 1e-4;
	a->enough = 1;
}

/*
 * The measured window, by the time since pgbench was started: at warmup_s
 * seconds it opens, at warmup_s + duration_s it closes, or at pgbench's end
 * if that comes first.  With -t, or without a warm-up, it opens as pgbench
 * starts.  (The figures come from the log's own window, pgbench_log.h;
 * this one is the machine's sampling and the profile's.)
 */
static bool window_from_start(const struct pgbench_job *j)
{
	return j->transactions > 0 || j->warmup_s == 0;
}

static void window_edges(const struct attempt *a, double elapsed_s)
{
	const struct pgbench_job *j = a->j;

	if (j->transactions > 0)
		return;
	if (elapsed_s >= j->warmup_s + j->duration_s)
		window_close(a->e);
	else if (elapsed_s >= j->warmup_s)
		window_open(a->e);
}

/* pgbench's output: only its report at the end is read. */
static void run_line(void *arg, const char *line)
{
	struct attempt *a = arg;

	pgbench_report_line(&a->report, line);
}

/*
 * Each second while pgbench runs: what its logs gained is read, the
 * counters (CPU, I/O, WAL) are read (a mark of its log:
 * pgbench_counters.h), the window's edges are placed, its speed since the
 * last second (from the transaction numbers of its log) is shown, and with
 * log = auto the speed its log shows decides whether it starts again with
 * a sample.  Once the log has fixed the window's start, the next tick may
 * come at it, and one comes just before the window's end.  pgbench is
 * given no -P: its progress reports make its first thread set and cancel
 * a timer at every wait, a cost in the kernel of about 1.5 % of a
 * select-only transaction's CPU (doc/host-mode.md).
 */
static double run_tick(void *arg)
{
	struct attempt *a = arg;

	/* The log first: every line it gives ended before the counters'
	 * reading, and the window's start it may fix can still move the next
	 * tick to it. */
	if (!a->err[0] && pgbench_tail_poll(&a->tail, a->err, sizeof(a->err)) < 0)
		a->enough = 1;
	double next = pgbench_counters_tick(&a->counters, &a->log);
	double now = clock_now(), elapsed = now - a->started;

	window_edges(a, elapsed);
	double tps = now > a->last_tick ?
		(double)(a->log.numbers - a->last_count) / (now - a->last_tick) : 0;
	a->last_tick = now;
	a->last_count = a->log.numbers;
	if (a->j->transactions > 0)
		note("%s: %.0f s, %.0f tps", a->j->label, elapsed, tps);
	else
		note("%s: %.0f/%d s, %.0f tps", a->j->label, elapsed,
		     run_seconds(a->j), tps);
	check_log_rate(a);
	return next;
}

void pgbench_command_line(const char *const *argv, char *buf, size_t len)
{
	size_t used = (size_t)snprintf(buf, len, "$");
	for (size_t i = 0; argv[i] && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, " %s", argv[i]);
}

/* pgbench itself, in a->dir: 0, 1 if it was ended to start again (or
 * its log could not be read: a->err), or -1 after fail(). */
static int run_pgbench(const struct workload_env *e, const struct bench_case *c,
		       struct attempt *a)
{
	const struct pgbench_job *j = a->j;
	char pgbench[PATH_MAX], script[PATH_MAX], clients[16], threads[16],
		length[24], scale[16], tries[32], sampling[40], rate[40], limit[40],
		log_path[PATH_MAX], log_name[160], header[PATH_MAX + 512], seed[48];
	const char *argv[32];
	size_t n = 0;
	struct proc_spec spec;

	pg_program(pgbench, sizeof(pgbench), "pgbench");
	snprintf(script, sizeof(script), "%s/%s", a->dir, SCRIPT_NAME);
	snprintf(clients, sizeof(clients), "%d", j->clients);
	snprintf(threads, sizeof(threads), "%d", j->threads);
	if (j->transactions > 0)
		snprintf(length, sizeof(length), "%lld", j->transactions);
	else
		snprintf(length, sizeof(length), "%d", run_seconds(j));
	snprintf(scale, sizeof(scale), "%d", j->scale);
	snprintf(tries, sizeof(tries), "--max-tries=%d", j->max_tries);
	snprintf(sampling, sizeof(sampling), "--sampling-rate=%.4g", a->sampling_rate);
	snprintf(rate, sizeof(rate), "%.10g", j->rate);
	snprintf(limit, sizeof(limit), "%.10g", j->latency_limit_ms);

	argv[n++] = pgbench;
	argv[n++] = j->builtin ? "-b" : "-f";
	argv[n++] = j->builtin ? j->builtin : script;
	argv[n++] = "-c";
	argv[n++] = clients;
	argv[n++] = "-j";
	argv[n++] = threads;
	argv[n++] = j->transactions > 0 ? "-t" : "-T";
	argv[n++] = length;
	argv[n++] = "-M";
	argv[n++] = j->protocol;
	snprintf(seed, sizeof(seed), "--random-seed=%s", j->random_seed ? j->random_seed : "time");
	argv[n++] = seed;
	argv[n++] = "-l";
	if (j->log == PGBENCH_LOG_SECONDS) {
		argv[n++] = "--aggregate-interval=1";
		argv[n++] = "--failures-detailed";
	} else if (a->sampling_rate < 1) {
		argv[n++] = sampling;
	}
	if (j->rate > 0) {
		argv[n++] = "-R";
		argv[n++] = rate;
	}
	if (j->latency_limit_ms > 0) {
		argv[n++] = "-L";
		argv[n++] = limit;
	}
	if (j->scale > 0) {
		argv[n++] = "-s";
		argv[n++] = scale;
	}
	if (j->no_vacuum)
		argv[n++] = "-n";
	if (j->max_tries > 0)
		argv[n++] = tries;
	argv[n] = NULL;

	snprintf(log_name, sizeof(log_name), "logs/%s.txt", c->id);
	run_path(e, log_path, sizeof(log_path), "%s", log_name);
	pgbench_command_line(argv, header, sizeof(header));
	pg_spec(e->pg, &spec, "pgbench", argv, log_name);
	spec.spawn.cwd = a->dir;
	spec.enough = &a->enough;
	spec.tick = run_tick;
	spec.tick_s = PGBENCH_TICK_S;
	pgbench_report_init(&a->report);
	double timeout = j->transactions > 0 ?
		COUNT_TIMEOUT_S(j->transactions * j->clients) :
		run_seconds(j) + (j->overrun_s > 0 ? j->overrun_s : RUN_OVERRUN_S);
	if (window_from_start(j))
		window_open(e);
	a->started = a->last_tick = clock_now();
	a->counters.pgbench_end = j->transactions > 0 ? 0 : a->started + run_seconds(j);
	int rc = proc_run_logged(&spec, timeout, log_path, header, run_line, a);
	window_close(e);
	return rc;
}

/* pgbench's report: the figures a measurement needs are there. */
static int check_report(const struct bench_case *c, const struct pgbench_job *j,
			const struct pgbench_report *r)
{
	char err[256];

	if (pgbench_report_check(r, err, sizeof(err)) < 0)
		return fail("%s: %s (see logs/%s.txt)", c->id, err, c->id);
	if (r->transactions <= 0)
		return fail("%s: pgbench processed no transactions (see logs/%s.txt)",
			    c->id, c->id);
	if ((r->have & REPORT_CLIENTS) && r->clients != j->clients)
		return fail("%s: pgbench ran %d clients, not %d (see logs/%s.txt)",
			    c->id, r->clients, j->clients, c->id);
	return 0;
}

/* Every transaction pgbench counted is in its logs, once: with every
 * transaction logged, exactly; a sample or a log of seconds (which
 * leaves out the last, partial second) holds no more. */
static int check_logged(const struct bench_case *c, const struct attempt *a)
{
	const struct pgbench_report *r = &a->report;
	long long reported = r->transactions + r->failed +
		((r->have & REPORT_SKIPPED) ? r->skipped : 0);
	bool exact = a->j->log != PGBENCH_LOG_SECONDS && a->sampling_rate >= 1;

	if (exact ? a->log.numbers == reported : a->log.numbers <= reported)
		return 0;
	return fail("%s: pgbench reported %lld transactions, %lld failed%s, "
		    "its logs hold %lld", c->id, r->transactions, r->failed,
		    (r->have & REPORT_SKIPPED) ? " and some skipped" : "",
		    a->log.numbers);
}

static int write_series(const struct workload_env *e, const struct bench_case *c,
			const struct pgbench_log *l, struct measurement_out *m)
{
	char path[PATH_MAX];
	size_t len;

	if (make_dirs(run_path(e, path, sizeof(path), "series"), 0755) < 0)
		return -1;
	char *csv = pgbench_log_series_csv(l, &len);
	if (!csv)
		return fail("%s: out of memory for the series", c->id);
	snprintf(m->series, sizeof(m->series), "series/%s.csv", c->id);
	int rc = replace_file(run_path(e, path, sizeof(path), "%s", m->series),
			      csv, len);
	free(csv);
	return rc;
}

static void set_metrics(struct measurement_out *m, const struct pgbench_job *j,
			const struct pgbench_outcome *o)
{
	const struct pgbench_log_summary *w = &o->window;

	metric_set(m, "tps", w->tps);
	metric_set(m, "latency_avg_ms", w->latency_avg_ms);
	metric_set(m, "latency_stddev_ms", w->latency_stddev_ms);
	if (w->percentiles) {
		metric_set(m, "latency_p50_ms", w->latency_p50_ms);
		metric_set(m, "latency_p90_ms", w->latency_p90_ms);
		metric_set(m, "latency_p99_ms", w->latency_p99_ms);
		metric_set(m, "latency_p999_ms", w->latency_p999_ms);
	}
	metric_set(m, "latency_max_ms", w->latency_max_ms);
	metric_set(m, "transactions", (double)w->transactions);
	metric_set(m, "failed_transactions", (double)w->failed);
	metric_set(m, "pgbench_tps", o->report.tps);
	if (j->max_tries > 0 && (o->report.have & REPORT_RETRIED))
		metric_set(m, "retried_transactions", (double)o->report.retried);
	if (j->rate > 0) {
		metric_set(m, "schedule_lag_avg_ms", w->lag_avg_ms);
		metric_set(m, "schedule_lag_max_ms", w->lag_max_ms);
		if (j->latency_limit_ms > 0)
			metric_set(m, "skipped_transactions", (double)w->skipped);
	}
	if (j->latency_limit_ms > 0)
		metric_set(m, "late_transactions", (double)w->late);
	m->primary = "tps";
	m->unit = "tps";
	m->higher_is_better = true;
	m->measured_s = w->window_s;
}

/* How the figures were made: the record's "percentiles" and "log". */
static void set_facts(struct measurement_out *m, const struct pgbench_job *j,
		      const struct attempt *a)
{
	static const char *const kinds[] = { "auto", "transactions", "seconds" };
	struct rusage ru;

	if (j->log == PGBENCH_LOG_SECONDS) {
		measure_fact_text(m, "percentiles", "method", "none");
	} else {
		measure_fact_text(m, "percentiles", "method", "histogram");
		measure_fact(m, "percentiles", "relative_error", LATENCY_HIST_ERROR);
		measure_fact(m, "percentiles", "sampling_rate", a->sampling_rate);
		measure_fact(m, "percentiles", "latencies", (double)a->log.logged);
	}
	measure_fact_text(m, "log", "kind", kinds[j->log]);
	measure_fact(m, "log", "lines", (double)a->tail.lines);
	measure_fact(m, "log", "bytes", (double)a->tail.bytes);
	measure_fact(m, "log", "tmp_peak_bytes", (double)a->tail.held_peak);
	measure_fact_text(m, "log", "freed_as_read", a->tail.punch_failed ? "no" : "yes");
	if (getrusage(RUSAGE_SELF, &ru) == 0)
		measure_fact(m, "log", "runner_peak_rss_kib", (double)ru.ru_maxrss);
}

/* A fresh attempt: its directory, its log, what it reads. */
static int attempt_begin(const struct workload_env *e, const struct bench_case *c,
			 const struct pgbench_job *j, struct attempt *a, double sampling)
{
	struct pgbench_log_config cfg = {
		.warmup_s = j->transactions > 0 ? 0 : j->warmup_s,
		.duration_s = j->transactions > 0 ? 0 : j->duration_s,
		.clients = j->clients,
		.per_second = j->log == PGBENCH_LOG_SECONDS,
		.sampling_rate = sampling,
		.lag = j->rate > 0,
		.latency_limit_us = j->latency_limit_ms * 1000.0,
	};

	memset(a, 0, sizeof(*a));
	a->e = e;
	a->j = j;
	a->sampling_rate = sampling;
	snprintf(a->dir, sizeof(a->dir), "%s", TMP_TEMPLATE);
	if (!mkdtemp(a->dir)) {
		a->dir[0] = '\0';
		return fail("could not create a directory \"%s\":", TMP_TEMPLATE);
	}
	if (pgbench_log_init(&a->log, &cfg) < 0)
		return fail("%s: out of memory for pgbench's log", c->id);
	pgbench_tail_init(&a->tail, a->dir, LOG_PREFIX, log_line, &a->log);
	pgbench_counters_begin(&a->counters, e);
	if (chown(a->dir, e->pg->uid, e->pg->gid) < 0)
		return fail("could not hand \"%s\" to the postgres user:", a->dir);
	if (j->script_text && write_script(e, c, a->dir, j->script_text) < 0)
		return -1;
	return 0;
}

static void attempt_end(struct attempt *a)
{
	pgbench_counters_end(&a->counters);
	pgbench_tail_close(&a->tail);
	pgbench_log_free(&a->log);
	if (a->dir[0])
		remove_dir(a->dir);
}

/* What pgbench gave, read to the end, into m. */
static int take_results(const struct workload_env *e, const struct bench_case *c,
			struct attempt *a, struct measurement_out *m,
			struct pgbench_outcome *out)
{
	const struct pgbench_job *j = a->j;
	char err[256];

	if (pgbench_tail_end(&a->tail, a->err, sizeof(a->err)) < 0)
		return fail("%s: %s", c->id, a->err);
	if (pgbench_log_finish(&a->log, err, sizeof(err)) < 0)
		return fail("%s: %s", c->id, err);
	if (check_report(c, j, &a->report) < 0 || check_logged(c, a) < 0)
		return -1;
	out->report = a->report;
	out->sampling_rate = a->sampling_rate;
	pgbench_log_summarize(&a->log, &out->window);
	if (out->window.transactions == 0)
		return fail("%s: no transaction completed in the measured %.1f s",
			    c->id, out->window.window_s);
	if (write_series(e, c, &a->log, m) < 0)
		return -1;
	set_metrics(m, j, out);
	set_facts(m, j, a);
	pgbench_counters_figures(&a->counters, &out->window, m);
	char why[512];
	if (j->rate > 0 && pgbench_rate_unsustained(j->rate, &out->window, why, sizeof(why)))
		measure_warn(m, "rate-not-sustained", "%s", why);
	return 0;
}

int pgbench_job_run(const struct workload_env *e, const struct bench_case *c,
		    const struct pgbench_job *j, struct measurement_out *m,
		    struct pgbench_outcome *out)
{
	/* a rate says how many a second there will be at most */
	double sampling = j->log == PGBENCH_LOG_AUTO && j->rate > PGBENCH_LOG_RATE_MAX ?
		PGBENCH_LOG_RATE_MAX / j->rate : 1.0;
	struct attempt *a = malloc(sizeof(*a));
	int rc = -1;

	memset(out, 0, sizeof(*out));
	if (!a)
		return fail("%s: out of memory", c->id);
	for (int tries = 0; tries < 2; tries++) {
		rc = attempt_begin(e, c, j, a, sampling);
		if (rc == 0)
			rc = run_pgbench(e, c, a);
		if (rc == 1 && a->err[0])
			rc = fail("%s: %s", c->id, a->err);
		if (rc == 1 && a->restart_rate > 0) {
			note("%s: more than %.0f tps: starting again, logging a sample of "
			     "%.4g of the transactions", j->label, PGBENCH_LOG_RATE_MAX,
			     a->restart_rate);
			sampling = a->restart_rate;
			attempt_end(a);
			continue;
		}
		break;
	}
	if (rc == 1)
		rc = fail("%s: pgbench was ended twice for logging too much", c->id);
	if (rc == 0)
		rc = take_results(e, c, a, m, out);
	attempt_end(a);
	free(a);
	return rc;
}
