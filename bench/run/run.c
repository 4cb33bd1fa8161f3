/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * run.c: `bootbench-bench run` -- the suite engine.
 *
 * For each case of the matrix, in order: when the case's environment
 * differs from the one in place, stop the server, unmount, and make a
 * fresh one (mkfs, mount, queue settings, initdb, postgresql.conf,
 * start); then the workload's prepare(), the suite's between actions,
 * and the measurement, with CPU and disk sampled around it and the
 * machine sampled each second during it (monitor.h).  Each
 * measurement is appended to results.jsonl at once.  A case that fails is
 * recorded in bench.json and the suite goes on from a fresh environment;
 * the run then ends "failed", naming the first.  The suite's time is
 * estimated before the first case and the time left shown on each case
 * line (progress.h).  Before anything, the suite's [sysctl] and [machine]
 * are checked against this machine (knobs.h): bad input ends the run
 * there, with exit status 2; at the end the machine's own values are put
 * back.
 */
#include "bench/run/run.h"
#include "bench/monitor/monitor.h"
#include "bench/monitor/sysstat.h"
#include "bench/msg.h"
#include "bench/os/fsio.h"
#include "bench/os/proc.h"
#include "bench/pg/pg_settings.h"
#include "bench/pg/sql.h"
#include "bench/run/env.h"
#include "bench/run/progress.h"
#include "bench/run/quiet.h"
#include "bench/run/results.h"
#include "bench/run/run_state.h"
#include "bench/run/warnings.h"
#include "bench/suite/matrix.h"
#include "bench/workloads/workload.h"
#include "common/clock.h"
#include "common/procstat.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* dir/name into buf. */
static const char *in_dir(const struct run *r, char *buf, size_t len,
			  const char *name)
{
	snprintf(buf, len, "%s/%s", r->dir, name);
	return buf;
}

/*
 * The run directory: logs/, series/, results.jsonl, suite.ini, bench.json.
 * It holds one run: if results.jsonl exists, nothing in it is touched.
 */
static int open_run_dir(struct run *r)
{
	char path[PATH_MAX + 32];
	const char *s = r->s->text;

	if (make_dirs(r->dir, 0755) < 0 ||
	    make_dirs(in_dir(r, path, sizeof(path), "logs"), 0755) < 0)
		return -1;
	in_dir(r, r->results_path, sizeof(r->results_path), "results.jsonl");
	r->results_fd = open(r->results_path,
			     O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
	if (r->results_fd < 0)
		return fail("could not create \"%s\":", r->results_path);
	in_dir(r, r->rec.path, sizeof(r->rec.path), "bench.json");
	if (sync_parent_dir(r->results_path) < 0 ||
	    make_dirs(in_dir(r, path, sizeof(path), "series"), 0755) < 0 ||
	    replace_file(in_dir(r, path, sizeof(path), "suite.ini"), s,
			 strlen(s)) < 0)
		return -1;
	return record_save(&r->rec);
}

static int check_settings(struct run *r)
{
	char log[PATH_MAX + 32];
	return pg_check_settings(r->s, in_dir(r, log, sizeof(log),
					      "logs/describe-config.txt"));
}

/* The cluster template or initdb, before anything is formatted: a
 * template that is not the image's stops the run here. */
static int check_cluster(struct run *r)
{
	int rc = cluster_source_choose(&r->cluster, r->s);

	r->rec.cluster = &r->cluster;
	if (rc == 0 && r->cluster.template)
		note("cluster: the image's template %s, digest %.12s (%zu files, %lld bytes, "
		     "initdb %s)", r->cluster.path, r->cluster.manifest.digest,
		     r->cluster.manifest.files, r->cluster.manifest.bytes, r->cluster.manifest.initdb);
	else if (rc == 0)
		note("cluster: initdb for each environment%s%s", r->cluster.why[0] ? ": " : "",
		     r->cluster.why);
	if (rc == 0 && r->cluster.loaded)
		note("cluster: the image's loaded template %s, digest %.12s (%zu files, %lld bytes, "
		     "%s), for each environment whose first case runs that load",
		     r->cluster.loaded_path, r->cluster.loaded_manifest.digest,
		     r->cluster.loaded_manifest.files, r->cluster.loaded_manifest.bytes,
		     r->cluster.loaded_manifest.load);
	else if (rc == 0 && r->cluster.template)
		note("cluster: no loaded template: %s", r->cluster.loaded_why);
	return rc;
}

static int between(struct run *r, const struct bench_case *c)
{
	char actions[128];

	snprintf(actions, sizeof(actions), "%s", case_value(c, "suite", "between"));
	for (char *save = NULL, *a = strtok_r(actions, ", ", &save); a;
	     a = strtok_r(NULL, ", ", &save)) {
		if (strcmp(a, "checkpoint") == 0) {
			PGconn *conn = sql_connect(&r->pg);
			int rc = conn ? sql_exec(conn, "CHECKPOINT") : -1;
			PQfinish(conn);
			if (rc < 0)
				return -1;
		} else if (strcmp(a, "sync") == 0) {
			sync();
		} else if (strcmp(a, "drop_caches") == 0) {
			if (drop_caches() < 0)
				return -1;
		}
	}
	return 0;
}

struct sampled {
	struct cpu_sample cpu[2];
	struct disk_sample disk[2];
	bool have_cpu, have_disk;
	struct cpu_shares shares;
	struct disk_delta delta;
};

static void sample(const struct run *r, struct sampled *s, int i)
{
	if (i == 0)
		s->have_cpu = s->have_disk = true;
	s->have_cpu &= cpu_sample_read("/proc/stat", &s->cpu[i]) == 0;
	s->have_disk &= r->n_volumes > 0 &&
		disk_sample_read("/proc/diskstats", volume_kernel_name(&r->volumes[0]),
				 &s->disk[i]) == 0;
}

/* Sample the machine each second while the workload measures. */
static bool monitor_begin(struct run *r, const struct bench_case *c, struct monitor *mon)
{
	static const struct monitor_paths paths = MONITOR_PROC_PATHS;
	const char *devices[MONITOR_DEVICES] = { NULL, NULL };

	for (size_t i = 0; i < r->n_volumes && i < MONITOR_DEVICES; i++)
		devices[strcmp(r->volumes[i].role, "wal") == 0] =
			volume_kernel_name(&r->volumes[i]);
	return monitor_start(mon, r->dir, c->id, &paths, devices, &r->monitor_warned) == 0;
}

static void report(const struct bench_case *c, const struct measurement_out *o)
{
	note("%s: %.6g %s (%s)", c->id, metric_get(o, o->primary), o->unit,
	     o->primary);
	for (size_t i = 0; i < o->n_warnings; i++)
		warning("%s: %s: %s", c->id, o->warnings[i].code,
			o->warnings[i].message);
	lava_testcase(c->id, 1, metric_get(o, o->primary), o->unit);
}

/* measure()'s return when results.jsonl could not be written: the run
 * cannot go on. */
#define RESULTS_LOST (-2)
/* measure()'s return when perf record did not start: the case fails, its
 * environment untouched. */
#define PROFILE_NOT_STARTED (-3)

/* Wait for a quiet machine (quiet.h) on the environment's disks; a window
 * that opens before it was reached carries the warning not-quiet. */
static const struct quiet *quiet_before(const struct run *r, struct measurement_out *out)
{
	static const struct quiet_paths paths = QUIET_PROC_PATHS;
	static struct quiet q;
	const char *devices[QUIET_DEVICES] = { NULL, NULL };

	for (size_t i = 0; i < r->n_volumes && i < QUIET_DEVICES; i++)
		devices[i] = volume_kernel_name(&r->volumes[i]);
	if (quiet_wait(&paths, devices, &q) > 0)
		measure_warn(out, "not-quiet", "the machine was not quiet %.0f s after sync(2), "
			     "when the window opened: %s", q.seconds, q.still);
	return &q;
}

/* One measurement: prepare, between, quiet, measure, append to results.jsonl.
 * 0, -1 (the case failed: fail() says why) or RESULTS_LOST. */
static int measure(struct run *r, const struct bench_case *c)
{
	const struct workload *w = workload_find(c->workload);
	static struct measurement_out out;
	struct sampled smp;
	static struct monitor mon;
	char started[32];
	struct results_line m = {
		.run_id = r->run_id, .c = c, .out = &out,
		.mkfs_command = r->n_volumes ? r->mkfs_command : NULL,
		.started_utc = started,
	};

	memset(&out, 0, sizeof(out));
	char name[160];
	snprintf(name, sizeof(name), "prepare:%s", c->id);
	double tp = clock_now();
	int rc = w->prepare(&r->wenv, c);
	r->prepare_s = clock_now() - tp;
	record_phase(&r->rec, name, r->prepare_s, rc == 0);
	if (rc < 0)
		return -1;
	if (r->profiler.set.on && profile_start(&r->profiler, c->id) < 0) {
		profile_clean_up(&r->profiler);
		return PROFILE_NOT_STARTED;
	}
	if (between(r, c) < 0) {
		profile_clean_up(&r->profiler);
		return -1;
	}
	if (r->n_volumes)
		m.quiet = quiet_before(r, &out);
	now_utc(started, sizeof(started));
	bool monitored = !r->o->no_monitors && monitor_begin(r, c, &mon);
	sample(r, &smp, 0);
	double t0 = clock_now();
	if (!w->marks_window)
		window_open(&r->wenv);
	rc = w->measure(&r->wenv, c, &out);
	window_close(&r->wenv);
	m.seconds = clock_now() - t0;
	sample(r, &smp, 1);
	if (monitored && monitor_stop(&mon) == 0)
		m.monitors = &mon.summary;
	if (rc < 0) {
		profile_clean_up(&r->profiler);
		return -1;
	}
	static struct profile_result profile;
	profile_stop(&r->profiler, &profile);
	if (profile.taken)
		m.profile = &profile;
	if (smp.have_cpu) {
		cpu_shares_between(&smp.cpu[0], &smp.cpu[1], &smp.shares);
		m.cpu = &smp.shares;
	}
	if (smp.have_disk) {
		disk_delta_between(&smp.disk[0], &smp.disk[1], m.seconds, &smp.delta);
		m.disk = &smp.delta;
		m.disk_device = volume_kernel_name(&r->volumes[0]);
	}
	run_warnings(r, c, &out);
	if (results_append(r->results_fd, r->results_path, &m) < 0)
		return RESULTS_LOST;
	r->rec.measurements++;
	report(c, &out);
	return 0;
}

/* Where the server's log stands as a case begins: what it says after
 * this is the case's (env_diagnose). */
static void mark_server_log(struct run *r)
{
	struct stat st;

	r->pg_log_mark = stat(r->pg.log_path, &st) == 0 ? (long long)st.st_size : 0;
}

/*
 * The case failed, or could not run because its environment could not be
 * made: note it in bench.json and on the console, tear the environment
 * down (unless keep_env: nothing ran in it) so the next case starts from a
 * fresh mkfs and initdb, and go on.  -1 when the run cannot go on (a stop
 * signal, bench.json not written).
 */
static int case_failed(struct run *r, const struct bench_case *c, const char *why,
		       bool keep_env)
{
	char reason[1024];

	if (proc_stop_signal())
		return -1;
	if (why) {
		snprintf(reason, sizeof(reason), "%s", why);
	} else {
		fail_take(reason, sizeof(reason));
		if (!reason[0])
			snprintf(reason, sizeof(reason), "failed without a reason");
		if (!proc_stuck())
			env_diagnose(r, reason, sizeof(reason));
	}
	note("case %s failed: %s", c->id, reason);
	lava_testcase(c->id, 0, 0, NULL);
	record_failure(&r->rec, c->id, c->env, reason);
	if (proc_stuck()) {
		/* Its I/O is lost: tearing down would hang.  The run ends. */
		fail("%s", reason);
		record_save(&r->rec);
		return -1;
	}
	if (!keep_env)
		env_tear_down(r);
	return record_save(&r->rec);
}

/*
 * Every case in order.  A case that fails is recorded and the suite goes
 * on; an environment that cannot be made fails each of its cases without
 * trying again.  Only what makes every later result doubtful stops the
 * run: a stop signal, results.jsonl or bench.json not written.
 */
static int run_cases(struct run *r)
{
	int broken = -1;		/* an environment that could not be made */
	char broken_why[1100] = "";

	for (size_t i = 0; i < suite_case_count(r->s); i++) {
		struct bench_case c;
		char name[160];

		suite_case(r->s, i, &c);
		if (proc_stop_signal())
			return proc_stopped_fail(c.id);
		if (c.env == broken) {
			if (case_failed(r, &c, broken_why, false) < 0)
				return -1;
			continue;
		}
		bool fresh = c.env != r->env;
		double te = clock_now();
		int entered = fresh ? env_enter(r, &c) : 0;
		if (entered == 0 && fresh)
			progress_environment(r, clock_now() - te);
		if (entered == ENV_UNUSABLE)
			return -1;
		if (entered < 0) {
			char why[1000];

			if (proc_stop_signal())
				return -1;	/* the reason says so already */
			broken = c.env;
			fail_take(why, sizeof(why));
			snprintf(broken_why, sizeof(broken_why),
				 "environment %d could not be made: %s", c.env, why);
			if (case_failed(r, &c, broken_why, false) < 0)
				return -1;
			continue;
		}
		progress_case(r, i, &c);
		mark_server_log(r);
		double t0 = clock_now();
		int rc = measure(r, &c);
		double case_s = clock_now() - t0;
		snprintf(name, sizeof(name), "%s", c.id);
		record_phase(&r->rec, name, case_s, rc == 0);
		if (rc == 0)
			progress_case_done(r, i, r->prepare_s, case_s);
		if (rc == RESULTS_LOST)
			return -1;
		if (rc < 0 && proc_stop_signal()) {
			lava_testcase(c.id, 0, 0, NULL);
			return -1;
		}
		if (rc < 0 ? case_failed(r, &c, NULL, rc == PROFILE_NOT_STARTED) < 0 :
		    record_save(&r->rec) < 0)
			return -1;
	}
	if (env_leave(r) < 0)
		return -1;
	if (r->rec.cases_failed)
		return fail("%d of %zu cases failed; the first, %s: %s", r->rec.cases_failed,
			    suite_case_count(r->s), r->rec.failures[0].case_id,
			    r->rec.failures[0].reason);
	return 0;
}

static int setup(struct run *r, const struct bench_options *o, const struct suite *s)
{
	const char *slash;

	r->s = s;
	r->o = o;
	r->results_fd = -1;
	r->env = -1;
	snprintf(r->dir, sizeof(r->dir), "%s", o->run_dir);
	for (size_t n = strlen(r->dir); n > 1 && r->dir[n - 1] == '/'; n--)
		r->dir[n - 1] = '\0';
	slash = strrchr(r->dir, '/');
	/* a file name: at most NAME_MAX */
	snprintf(r->run_id, sizeof(r->run_id), "%.*s", NAME_MAX, slash ? slash + 1 : r->dir);

	struct record *rec = &r->rec;
	rec->run_id = r->run_id;
	rec->status = "running";
	rec->suite = s;
	rec->host_mode = o->data_dir != NULL;
	rec->memory_bytes = mem_total_bytes("/proc/meminfo");
	rec->knobs = knobs_any(s) ? &r->knobs : NULL;
	cpu_governor("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor",
		     rec->governor, sizeof(rec->governor));
	now_utc(rec->started_utc, sizeof(rec->started_utc));

	r->wenv.pg = &r->pg;
	r->wenv.run_dir = r->dir;
	r->wenv.suite_dir = s->dir;
	r->wenv.mem_total_bytes = rec->memory_bytes;
	r->wenv.generation = -1;
	r->wenv.icount_shift = o->icount_shift;
	/* The server and the workload's programs each in a cgroup of its own,
	 * for their CPU time; without them, the figures say why. */
	cgroups_setup(&r->cgroups);
	if (r->cgroups.ok)
		pg_set_cgroups(r->cgroups.server, r->cgroups.client);
	else
		warning("no CPU time per transaction: %s", r->cgroups.why);
	r->wenv.cgroups = &r->cgroups;
	if (profile_setup(&r->profiler, s, o->perf, r->dir) < 0)
		return -1;
	if (r->profiler.set.on)
		r->wenv.window = profile_window(&r->profiler);
	rec->profiler = &r->profiler;
	return 0;
}

static int finish(struct run *r, int rc)
{
	/* A program stuck in state D: its volume is left mounted, its
	 * server running (proc_stuck()). */
	if (rc < 0 && !proc_stuck()) {
		profile_clean_up(&r->profiler);
		env_clean_up(r);
	}
	pg_set_cgroups(NULL, NULL);
	cgroups_remove(&r->cgroups);
	/* What cannot be put back is warned about and recorded; the
	 * measurements stand. */
	knobs_restore(&r->knobs);
	now_utc(r->rec.finished_utc, sizeof(r->rec.finished_utc));
	r->rec.status = fail_reason() ? "failed" : "done";
	r->rec.reason = fail_reason();
	progress_finish(r);
	if (r->rec.path[0])
		record_save(&r->rec);
	if (r->results_fd >= 0)
		close(r->results_fd);
	record_free(&r->rec);
	knobs_free(&r->knobs);

	if (!fail_reason()) {
		note("done: %d measurements in %s", r->rec.measurements,
		     r->results_path);
		return 0;
	}
	fflush(stdout);
	fprintf(stderr, "%s: %s\n", PROGNAME, fail_reason());
	if (proc_stuck())
		return STUCK_EXIT;
	return proc_stop_signal() ? 128 + proc_stop_signal() : 1;
}

int run_suite(const struct bench_options *o, const struct suite *s)
{
	static struct run r;
	char err[1200];
	int rc;

	/* The stop signals wait while the probes write and put back. */
	rc = proc_init();
	if (rc == 0 && knobs_check(&r.knobs, s, "", err, sizeof(err)) < 0) {
		fprintf(stderr, "%s: %s\n", PROGNAME, err);
		return 2;
	}
	/* Only the reason for a failure starts with "bootbench-bench: ". */
	note("suite %s (%s): %zu cases, %s %s", s->name, s->source,
	     suite_case_count(s), o->target ? "target" : "data directory",
	     o->target ? o->target : o->data_dir);
	if (rc == 0)
		rc = setup(&r, o, s);
	if (rc == 0)
		progress_start(&r);
	if (rc == 0)
		rc = open_run_dir(&r);
	if (rc == 0 && run_phase(&r, "check-settings", check_settings) == 0 &&
	    run_phase(&r, "check-cluster", check_cluster) == 0 && run_cases(&r) == 0)
		rc = 0;
	else
		rc = -1;
	return finish(&r, rc);
}
