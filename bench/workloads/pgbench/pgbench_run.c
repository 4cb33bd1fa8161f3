/* SPDX-License-Identifier: GPL-2.0-only */
/* pgbench_run.c: run pgbench with a log (of transactions or of seconds) and read what it gives. */
#include "bench/workloads/pgbench/pgbench_run.h"
#include "bench/msg.h"
#include "bench/os/fsio.h"
#include "common/fileio.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Bounds: table creation grows with the scale, a run with its length. */
#define INIT_TIMEOUT_S(scale)  (120.0 + 60.0 * (scale))
#define RUN_TIMEOUT_S(seconds) (120.0 + (seconds))
/* -t: no length is known; allow 20 transactions per second at least. */
#define COUNT_TIMEOUT_S(txns)  (600.0 + 0.05 * (double)(txns))

/* pgbench writes its logs in its working directory: a private one on
 * /tmp (tmpfs in the appliance), so the logs never touch the target. */
#define TMP_TEMPLATE "/tmp/bootbench-pgbench.XXXXXX"
#define LOG_PREFIX   "pgbench_log."
#define SCRIPT_NAME  "script.sql"

static void init_line(void *ctx, const char *line)
{
	(void)ctx;
	note("pgbench -i: %s", line);
}

int pgbench_initialize(const struct workload_env *e, int scale,
		       const char *log_name)
{
	char pgbench[PATH_MAX], s[16], path[PATH_MAX], rel[128];
	const char *argv[] = { pgbench, "-i", "-q", "-s", s, NULL };
	struct proc_spec spec;

	pg_program(pgbench, sizeof(pgbench), "pgbench");
	snprintf(s, sizeof(s), "%d", scale);
	snprintf(rel, sizeof(rel), "logs/%s", log_name);
	run_path(e, path, sizeof(path), "%s", rel);
	pg_spec(e->pg, &spec, "pgbench -i", argv, rel);
	return proc_run_logged(&spec, INIT_TIMEOUT_S(scale), path, NULL,
			       init_line, NULL);
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
	return j->warmup_s + j->duration_s + (j->log_seconds ? 2 : 0);
}

struct progress_ctx {
	const struct workload_env *e;
	const struct pgbench_job *j;
	struct pgbench_report *report;
};

/*
 * The measured window, by the time since pgbench started that its progress
 * lines (-P 1) give: the line at warmup_s seconds opens it, the one at
 * warmup_s + duration_s closes it, or pgbench's end if that comes first.
 * With -t, or without a warm-up, it opens as pgbench starts.
 */
static bool window_from_start(const struct pgbench_job *j)
{
	return j->transactions > 0 || j->warmup_s == 0;
}

static void window_edges(const struct progress_ctx *ctx, double elapsed_s)
{
	const struct pgbench_job *j = ctx->j;

	if (j->transactions > 0)
		return;
	if (elapsed_s >= j->warmup_s + j->duration_s)
		window_close(ctx->e);
	else if (elapsed_s >= j->warmup_s)
		window_open(ctx->e);
}

static void run_line(void *arg, const char *line)
{
	struct progress_ctx *ctx = arg;
	struct pgbench_progress prog;

	if (!pgbench_parse_progress(line, &prog)) {
		pgbench_report_line(ctx->report, line);
		return;
	}
	window_edges(ctx, prog.elapsed_s);
	if (ctx->j->transactions > 0)
		note("%s: %.0f s, %.0f tps", ctx->j->label, prog.elapsed_s, prog.tps);
	else
		note("%s: %.0f/%d s, %.0f tps", ctx->j->label, prog.elapsed_s,
		     run_seconds(ctx->j), prog.tps);
}

/* The command line, for the head of the log. */
static void command_line(const char *const *argv, char *buf, size_t len)
{
	size_t used = (size_t)snprintf(buf, len, "$");
	for (size_t i = 0; argv[i] && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, " %s", argv[i]);
}

/* One pass over every pgbench_log.* file in dir; *files counts them. */
static int read_pass(const char *dir, struct pgbench_log *l, bool second,
		     const char *id, size_t *files)
{
	char path[PATH_MAX], err[PATH_MAX + 200];
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d)
		return fail("could not open directory \"%s\":", dir);
	*files = 0;
	while ((de = readdir(d))) {
		if (strncmp(de->d_name, LOG_PREFIX, strlen(LOG_PREFIX)) != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (pgbench_log_read_file(l, path, second, err, sizeof(err)) < 0) {
			closedir(d);
			return fail("%s: %s", id, err);
		}
		(*files)++;
	}
	closedir(d);
	return 0;
}

/* Both passes over pgbench's logs in dir (one per thread). */
static int read_logs(const char *dir, struct pgbench_log *l, const char *id)
{
	char err[256];
	size_t files;

	if (read_pass(dir, l, false, id, &files) < 0)
		return -1;
	if (files == 0)
		return fail("%s: pgbench wrote no log in \"%s\"", id, dir);
	if (pgbench_log_set_window(l, err, sizeof(err)) < 0)
		return fail("%s: %s", id, err);
	return read_pass(dir, l, true, id, &files);
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

/* pgbench itself, in dir, its report in r. */
static int run_pgbench(const struct workload_env *e, const struct bench_case *c,
		       const struct pgbench_job *j, const char *dir,
		       struct pgbench_report *r)
{
	char pgbench[PATH_MAX], script[PATH_MAX], clients[16], threads[16],
		length[24], scale[16], tries[32], log_path[PATH_MAX], log_name[160],
		header[PATH_MAX + 512];
	const char *argv[24];
	size_t n = 0;
	struct proc_spec spec;
	struct progress_ctx ctx = { .e = e, .j = j, .report = r };

	pg_program(pgbench, sizeof(pgbench), "pgbench");
	snprintf(script, sizeof(script), "%s/%s", dir, SCRIPT_NAME);
	snprintf(clients, sizeof(clients), "%d", j->clients);
	snprintf(threads, sizeof(threads), "%d", j->threads);
	if (j->transactions > 0)
		snprintf(length, sizeof(length), "%lld", j->transactions);
	else
		snprintf(length, sizeof(length), "%d", run_seconds(j));
	snprintf(scale, sizeof(scale), "%d", j->scale);
	snprintf(tries, sizeof(tries), "--max-tries=%d", j->max_tries);

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
	argv[n++] = "-P";
	argv[n++] = "1";
	argv[n++] = "-l";
	if (j->log_seconds) {
		argv[n++] = "--aggregate-interval=1";
		argv[n++] = "--failures-detailed";
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
	command_line(argv, header, sizeof(header));
	pg_spec(e->pg, &spec, "pgbench", argv, log_name);
	spec.cwd = dir;
	pgbench_report_init(r);
	double timeout = j->transactions > 0 ?
		COUNT_TIMEOUT_S(j->transactions * j->clients) :
		RUN_TIMEOUT_S(run_seconds(j));
	if (window_from_start(j))
		window_open(e);
	int rc = proc_run_logged(&spec, timeout, log_path, header, run_line, &ctx);
	window_close(e);
	if (rc < 0)
		return -1;

	char err[256];
	if (pgbench_report_check(r, err, sizeof(err)) < 0)
		return fail("%s: %s (see %s)", c->id, err, log_name);
	if (r->transactions <= 0)
		return fail("%s: pgbench processed no transactions (see %s)",
			    c->id, log_name);
	if ((r->have & REPORT_CLIENTS) && r->clients != j->clients)
		return fail("%s: pgbench ran %d clients, not %d (see %s)",
			    c->id, r->clients, j->clients, log_name);
	return 0;
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
	m->primary = "tps";
	m->unit = "tps";
	m->higher_is_better = true;
	m->measured_s = w->window_s;
}

int pgbench_job_run(const struct workload_env *e, const struct bench_case *c,
		    const struct pgbench_job *j, struct measurement_out *m,
		    struct pgbench_outcome *out)
{
	char dir[] = TMP_TEMPLATE;
	struct pgbench_log l;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	if (!mkdtemp(dir))
		return fail("could not create a directory \"%s\":", TMP_TEMPLATE);
	if (j->log_seconds)
		pgbench_log_init_seconds(&l, j->warmup_s, j->duration_s);
	else
		pgbench_log_init(&l, j->transactions > 0 ? 0 : j->warmup_s,
				 j->transactions > 0 ? 0 : j->duration_s);
	if (chown(dir, e->pg->uid, e->pg->gid) < 0) {
		fail("could not hand \"%s\" to the postgres user:", dir);
		goto out;
	}
	if (j->script_text && write_script(e, c, dir, j->script_text) < 0)
		goto out;
	if (run_pgbench(e, c, j, dir, &out->report) < 0 ||
	    read_logs(dir, &l, c->id) < 0)
		goto out;
	/* Every transaction pgbench counted is in its logs, once (a log of
	 * seconds leaves out the last, partial second). */
	long long reported = out->report.transactions + out->report.failed;
	if (j->log_seconds ? l.logged > reported : l.logged != reported) {
		fail("%s: pgbench reported %lld transactions and %lld failed, "
		     "its logs hold %lld", c->id, out->report.transactions,
		     out->report.failed, l.logged);
		goto out;
	}
	pgbench_log_summarize(&l, &out->window);
	if (out->window.transactions == 0) {
		fail("%s: no transaction completed in the measured %.1f s",
		     c->id, out->window.window_s);
		goto out;
	}
	if (write_series(e, c, &l, m) < 0)
		goto out;
	set_metrics(m, j, out);
	rc = 0;
out:
	pgbench_log_free(&l);
	remove_dir(dir);
	return rc;
}
