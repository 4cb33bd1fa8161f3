/* run.c: the steps of `bootbench-bench run`, in order. */
#include "run.h"
#include "fsio.h"
#include "msg.h"
#include "pg.h"
#include "pgbench.h"
#include "proc.h"
#include "record.h"
#include "results.h"
#include "volume.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct run {
	const struct suite *s;
	char dir[PATH_MAX];
	char run_id[NAME_MAX + 1];
	struct volume volumes[2];      /* the target, then the WAL device */
	size_t n_volumes;
	struct pg_server pg;
	struct record rec;
	int results_fd;
	char results_path[PATH_MAX + 32];
};

/* dir/name into buf. */
static const char *in_dir(const struct run *r, char *buf, size_t len,
			  const char *name)
{
	snprintf(buf, len, "%s/%s", r->dir, name);
	return buf;
}

/*
 * The run directory: logs/, results.jsonl, suite.ini, bench.json.  It holds
 * one run: if results.jsonl exists, nothing in it is touched.
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
	    replace_file(in_dir(r, path, sizeof(path), "suite.ini"), s,
			 strlen(s)) < 0)
		return -1;
	return record_save(&r->rec);
}

static int format_volumes(struct run *r)
{
	for (size_t i = 0; i < r->n_volumes; i++) {
		struct volume *v = &r->volumes[i];
		char log_name[64], log_path[PATH_MAX + 64];
		char command[1024];

		snprintf(log_name, sizeof(log_name), "logs/mkfs%s%s.txt",
			 i ? "-" : "", i ? v->role : "");
		volume_mkfs_command(v, command, sizeof(command));
		note("mkfs: %s", command);
		double t0 = now_mono();
		if (volume_format(v, in_dir(r, log_path, sizeof(log_path), log_name),
				  log_name) < 0)
			return -1;
		r->rec.volumes[i].formatted = true;
		note("mkfs: %s formatted in %.1f s", v->device, now_mono() - t0);
	}
	return 0;
}

static int mount_volumes(struct run *r)
{
	for (size_t i = 0; i < r->n_volumes; i++) {
		struct volume *v = &r->volumes[i];
		if (volume_mount(v) < 0)
			return -1;
		note("mount: %s on %s (%s, options \"%s\")", v->device,
		     v->mountpoint, v->fs->type, v->fs->mount_options);
	}
	return 0;
}

static void initdb_line(void *ctx, const char *line)
{
	(void)ctx;
	note("initdb: %s", line);
}

static int initdb(struct run *r)
{
	char datadir[PATH_MAX], waldir[PATH_MAX], log[PATH_MAX + 32];

	snprintf(datadir, sizeof(datadir), "%s/pgdata", r->volumes[0].mountpoint);
	if (r->n_volumes > 1)
		snprintf(waldir, sizeof(waldir), "%s/pg_wal", r->volumes[1].mountpoint);
	if (pg_setup(&r->pg, datadir, r->n_volumes > 1 ? waldir : NULL) < 0)
		return -1;
	return pg_initdb(&r->pg, in_dir(r, log, sizeof(log), "logs/initdb.txt"),
			 "logs/initdb.txt", initdb_line, NULL);
}

static int configure(struct run *r)
{
	return pg_configure(&r->pg, r->s);
}

static int start(struct run *r)
{
	char log[PATH_MAX + 32];

	if (pg_start(&r->pg, in_dir(r, log, sizeof(log), "logs/postgres.log"),
		     "logs/postgres.log") < 0 ||
	    pg_describe(&r->pg, &r->rec) < 0)
		return -1;
	note("postgres: ready: %s", r->rec.pg_version);
	return 0;
}

static int stop(struct run *r)
{
	return pg_stop(&r->pg, false);
}

static int unmount_volumes(struct run *r)
{
	int rc = 0;

	for (size_t i = r->n_volumes; i-- > 0;) {
		bool was_mounted = r->volumes[i].mounted;
		if (volume_unmount(&r->volumes[i]) < 0)
			rc = -1;
		else if (was_mounted)
			note("unmount: %s", r->volumes[i].mountpoint);
	}
	return rc;
}

/* Run one step: time it, note it in bench.json. */
static int phase(struct run *r, const char *name, int (*step)(struct run *))
{
	if (proc_stop_signal())
		return proc_stopped_fail(name);
	double t0 = now_mono();
	int rc = step(r);
	record_phase(&r->rec, name, now_mono() - t0, rc == 0);
	if (record_save(&r->rec) < 0)
		rc = -1;
	return rc;
}

/* One measurement: run it, append it to results.jsonl at once. */
static int measure(struct run *r, const struct bench_case *c)
{
	char log_name[128], log_path[PATH_MAX + 128];
	struct pgbench_report report;
	struct measurement m = {
		.run_id = r->run_id, .c = c, .report = &report,
	};
	char started[32];

	snprintf(log_name, sizeof(log_name), "logs/%s.txt", c->id);
	in_dir(r, log_path, sizeof(log_path), log_name);
	now_utc(started, sizeof(started));
	m.started_utc = started;
	double t0 = now_mono();
	int rc = pgbench_run(&r->pg, c, log_path, log_name, &report);
	if (rc == 0) {
		m.seconds = now_mono() - t0;
		rc = results_append(r->results_fd, r->results_path, &m);
	}
	if (rc < 0) {
		lava_testcase(c->id, 0, 0, NULL);
		return -1;
	}
	r->rec.measurements++;
	note("pgbench %s c=%d: %.1f tps, latency %.3f ms, %lld transactions, "
	     "%lld failed", c->pgbench.script, c->pgbench.clients, report.tps,
	     report.latency_avg_ms, report.transactions, report.failed);
	lava_testcase(c->id, 1, report.tps, "tps");
	return 0;
}

static int run_cases(struct run *r)
{
	int scale = 0;   /* of the tables in the database now */

	for (size_t i = 0; i < suite_case_count(r->s); i++) {
		struct bench_case c;
		char log[PATH_MAX + 32];

		suite_case(r->s, i, &c);
		if (proc_stop_signal())
			return proc_stopped_fail(c.id);
		double t0 = now_mono();
		if (c.pgbench.scale != scale) {
			int rc = pgbench_initialize(&r->pg, c.pgbench.scale,
				in_dir(r, log, sizeof(log), "logs/pgbench-init.txt"),
				"logs/pgbench-init.txt");
			record_phase(&r->rec, "pgbench-init", now_mono() - t0, rc == 0);
			if (rc < 0)
				return -1;
			scale = c.pgbench.scale;
			t0 = now_mono();
		}
		int rc = measure(r, &c);
		record_phase(&r->rec, c.id, now_mono() - t0, rc == 0);
		if (record_save(&r->rec) < 0 || rc < 0)
			return -1;
	}
	return 0;
}

static int setup(struct run *r, const struct options *o, const struct suite *s)
{
	char err[256];
	const char *slash;

	r->s = s;
	r->results_fd = -1;
	snprintf(r->dir, sizeof(r->dir), "%s", o->run_dir);
	for (size_t n = strlen(r->dir); n > 1 && r->dir[n - 1] == '/'; n--)
		r->dir[n - 1] = '\0';
	slash = strrchr(r->dir, '/');
	snprintf(r->run_id, sizeof(r->run_id), "%s", slash ? slash + 1 : r->dir);

	if (volume_init(&r->volumes[r->n_volumes++], "target", o->target,
			o->mountpoint, &s->fs, err, sizeof(err)) < 0 ||
	    (o->wal && volume_init(&r->volumes[r->n_volumes++], "wal", o->wal,
				   o->wal_mountpoint, &s->fs, err, sizeof(err)) < 0))
		return fail("suite \"%s\": %s", s->name, err);

	struct record *rec = &r->rec;
	rec->run_id = r->run_id;
	rec->status = "running";
	rec->suite = s;
	now_utc(rec->started_utc, sizeof(rec->started_utc));
	for (size_t i = 0; i < r->n_volumes; i++) {
		rec->volumes[i].role = r->volumes[i].role;
		rec->volumes[i].device = r->volumes[i].device;
		rec->volumes[i].mountpoint = r->volumes[i].mountpoint;
		rec->volumes[i].mkfs_argv = r->volumes[i].mkfs_argv;
		rec->volumes[i].mkfs_version = r->volumes[i].mkfs_version;
	}
	return 0;
}

/* After a failure: leave nothing running or mounted. */
static void clean_up(struct run *r)
{
	pg_stop(&r->pg, proc_stop_signal() != 0);
	unmount_volumes(r);
}

static int finish(struct run *r, int rc)
{
	if (rc < 0)
		clean_up(r);
	now_utc(r->rec.finished_utc, sizeof(r->rec.finished_utc));
	r->rec.status = fail_reason() ? "failed" : "done";
	r->rec.error = fail_reason();
	if (r->rec.path[0])
		record_save(&r->rec);
	if (r->results_fd >= 0)
		close(r->results_fd);
	record_free(&r->rec);

	if (!fail_reason()) {
		note("done: %d measurements in %s", r->rec.measurements,
		     r->results_path);
		return 0;
	}
	fflush(stdout);
	fprintf(stderr, "%s: %s\n", PROGNAME, fail_reason());
	return proc_stop_signal() ? 128 + proc_stop_signal() : 1;
}

int run_suite(const struct options *o, const struct suite *s)
{
	static struct run r;
	int rc;

	/* Only the reason for a failure starts with "bootbench-bench: ". */
	note("suite %s (%s): %zu cases, target %s", s->name, s->source,
	     suite_case_count(s), o->target);
	rc = proc_init();
	if (rc == 0)
		rc = setup(&r, o, s);
	if (rc == 0)
		rc = open_run_dir(&r);
	if (rc == 0 &&
	    phase(&r, "mkfs", format_volumes) == 0 &&
	    phase(&r, "mount", mount_volumes) == 0 &&
	    phase(&r, "initdb", initdb) == 0 &&
	    phase(&r, "configure", configure) == 0 &&
	    phase(&r, "start", start) == 0 &&
	    run_cases(&r) == 0 &&
	    phase(&r, "stop", stop) == 0 &&
	    phase(&r, "unmount", unmount_volumes) == 0)
		rc = 0;
	else
		rc = -1;
	return finish(&r, rc);
}
