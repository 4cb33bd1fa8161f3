/* SPDX-License-Identifier: GPL-2.0-only */
/* env.c: make and tear down the environment a case asks for. */
#include "bench/run/env.h"
#include "bench/msg.h"
#include "bench/monitor/sysstat.h"
#include "bench/os/fsio.h"
#include "bench/os/proc.h"
#include "bench/pg/pg_hugepages.h"
#include "common/clock.h"

#include <errno.h>
#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

/* dir/name into buf. */
static const char *in_run(const struct run *r, char *buf, size_t len,
			  const char *name)
{
	snprintf(buf, len, "%s/%s", r->dir, name);
	return buf;
}

/* The case's [filesystem] values. */
static void read_fs(struct fs_config *fs, const struct bench_case *c)
{
	fs->type = case_value(c, "filesystem", "type");
	fs->profile = case_value(c, "filesystem", "profile");
	fs->features = case_value(c, "filesystem", "features");
	fs->block_size = case_number(c, "filesystem", "block_size");
	fs->inode_size = case_number(c, "filesystem", "inode_size");
	fs->inode_ratio = case_number(c, "filesystem", "inode_ratio");
	fs->discard = case_number(c, "filesystem", "discard");
	fs->mount_options = case_value(c, "filesystem", "mount_options");
	fs->scheduler = case_value(c, "filesystem", "scheduler");
	fs->readahead_kb = case_number(c, "filesystem", "readahead_kb");
	fs->write_cache = case_value(c, "filesystem", "write_cache");
}

static int set_up_volumes(struct run *r)
{
	const struct bench_options *o = r->o;
	struct record *rec = &r->rec;
	char err[256];

	r->n_volumes = 0;
	memset(r->volumes, 0, sizeof(r->volumes));
	if (volume_init(&r->volumes[r->n_volumes++], "target", o->target,
			o->mountpoint, &r->fs, err, sizeof(err)) < 0 ||
	    (o->wal && volume_init(&r->volumes[r->n_volumes++], "wal", o->wal,
				   o->wal_mountpoint, &r->fs, err, sizeof(err)) < 0))
		return fail("suite \"%s\": %s", r->s->name, err);
	for (size_t i = 0; i < r->n_volumes; i++)
		if (volume_check_device(&r->volumes[i]) < 0)
			return -1;
	volume_mkfs_command(&r->volumes[0], r->mkfs_command, sizeof(r->mkfs_command));
	for (size_t i = 0; i < r->n_volumes; i++) {
		rec->volumes[i].role = r->volumes[i].role;
		rec->volumes[i].device = r->volumes[i].device;
		rec->volumes[i].mountpoint = r->volumes[i].mountpoint;
		rec->volumes[i].mkfs_argv = r->volumes[i].mkfs_argv;
		rec->volumes[i].mkfs_version = r->volumes[i].mkfs_version;
		rec->volumes[i].mounted_type = r->volumes[i].mounted_type;
		rec->volumes[i].formatted = false;
	}
	return 0;
}

/* The number in the names of an environment's logs and directory: the
 * count of environments made before it.  It is the environment's own
 * number unless a failed case made one again; then the new one gets new
 * files and the earlier ones are kept. */
static int env_number(const struct run *r)
{
	return r->rec.environments - 1;
}

static int format_volumes(struct run *r)
{
	for (size_t i = 0; i < r->n_volumes; i++) {
		struct volume *v = &r->volumes[i];
		char log_name[64], log_path[PATH_MAX + 64];
		char command[1024];

		snprintf(log_name, sizeof(log_name), "logs/mkfs%s%s-env%d.txt",
			 i ? "-" : "", i ? v->role : "", env_number(r));
		volume_mkfs_command(v, command, sizeof(command));
		note("mkfs: %s", command);
		double t0 = clock_now();
		if (volume_format(v, in_run(r, log_path, sizeof(log_path), log_name),
				  log_name) < 0)
			return -1;
		r->rec.volumes[i].formatted = true;
		note("mkfs: %s formatted in %.1f s", v->device, clock_now() - t0);
	}
	return 0;
}

static int mount_volumes(struct run *r)
{
	for (size_t i = 0; i < r->n_volumes; i++) {
		struct volume *v = &r->volumes[i];
		if (volume_mount(v) < 0)
			return -1;
		note("mount: %s on %s (%s, options \"%s\"; /proc/self/mounts: %s)",
		     v->device, v->mountpoint, v->fs->type, v->fs->mount_options,
		     v->mounted_type);
	}
	return 0;
}

static int set_queues(struct run *r)
{
	for (size_t i = 0; i < r->n_volumes; i++)
		if (volume_set_queue(&r->volumes[i]) < 0)
			return -1;
	return 0;
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

static void initdb_line(void *ctx, const char *line)
{
	(void)ctx;
	note("initdb: %s", line);
}

/* Host mode: DIR/env<N>, new. */
static int make_env_dir(struct run *r)
{
	snprintf(r->env_dir, sizeof(r->env_dir), "%s/env%d", r->o->data_dir, env_number(r));
	if (make_dirs(r->o->data_dir, 0755) < 0)
		return -1;
	if (mkdir(r->env_dir, 0755) < 0)
		return fail(errno == EEXIST ?
			    "\"%s\" exists: give --data-dir a new or empty directory" :
			    "could not create directory \"%s\":", r->env_dir);
	return 0;
}

/* The server's directories, made and owned by it: the data directory
 * (and the WAL's on a WAL volume). */
static int set_up_server(struct run *r)
{
	char datadir[PATH_MAX + 16], waldir[PATH_MAX + 16];
	const char *base = r->n_volumes ? r->volumes[0].mountpoint : r->env_dir;

	snprintf(datadir, sizeof(datadir), "%s/pgdata", base);
	if (r->n_volumes > 1)
		snprintf(waldir, sizeof(waldir), "%s/pg_wal", r->volumes[1].mountpoint);
	if (pg_setup(&r->pg, datadir, r->n_volumes > 1 ? waldir : NULL) < 0)
		return -1;
	if (!r->n_volumes && chown(r->env_dir, r->pg.uid, r->pg.gid) < 0)
		return fail("could not change the owner of \"%s\":", r->env_dir);
	r->wenv.data_dir = base;
	return 0;
}

static int initdb(struct run *r)
{
	char log[PATH_MAX + 80];
	char log_name[64];

	if (set_up_server(r) < 0)
		return -1;
	snprintf(log_name, sizeof(log_name), "logs/initdb-env%d.txt", env_number(r));
	return pg_initdb(&r->pg, in_run(r, log, sizeof(log), log_name),
			 log_name, initdb_line, NULL);
}

/* The first case of the environment being made. */
static const struct bench_case *configuring;

/* The data directory as a copy of the image's cluster template, or of its
 * loaded template when the first case would run that load (both checked
 * at the start of the run: check_cluster in run.c). */
static int copy_cluster(struct run *r)
{
	const struct cluster_source *c = &r->cluster;
	const char *load = cluster_loaded_for(c, configuring);
	const char *dir = load ? c->loaded_path : c->path;
	const struct cluster_manifest *m = load ? &c->loaded_manifest : &c->manifest;
	double t0 = clock_now(), sync_s;

	if (set_up_server(r) < 0 ||
	    cluster_copy(dir, m, r->pg.datadir, r->pg.waldir[0] ? r->pg.waldir : NULL,
			 r->pg.uid, r->pg.gid, &sync_s) < 0)
		return -1;
	r->wenv.loaded = load;
	note("cluster: %s copied from %s (digest %.12s%s%s) in %.2f s, %.2f s of it syncing",
	     r->pg.datadir, dir, m->digest, load ? ", loaded by " : "", load ? load : "",
	     clock_now() - t0, sync_s);
	return 0;
}

/* [sysctl] and [machine]: after the mount, before the server; the
 * governor the validity warnings judge is then the one set. */
static int set_knobs(struct run *r)
{
	int rc = knobs_apply(&r->knobs, configuring);
	cpu_governor("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor",
		     r->rec.governor, sizeof(r->rec.governor));
	return rc;
}

static int configure(struct run *r)
{
	return pg_configure(&r->pg, configuring);
}

static int start(struct run *r)
{
	char log[PATH_MAX + 32];

	record_free(&r->rec);   /* the settings of the last server */
	if (pg_check_huge_pages(&r->pg, configuring, "/proc/meminfo") < 0 ||
	    pg_start(&r->pg, in_run(r, log, sizeof(log), "logs/postgres.log"),
		     "logs/postgres.log") < 0 ||
	    record_server(&r->rec, &r->pg) < 0)
		return -1;
	/* Seconds (pg_settings' unit for it), among the recorded settings. */
	const char *timeout = record_setting_value(&r->rec, "checkpoint_timeout");
	r->checkpoint_timeout_s = timeout ? atoi(timeout) : 0;
	if (r->checkpoint_timeout_s <= 0)
		return fail("the server reported no checkpoint_timeout in pg_settings");
	note("postgres: ready: %s", r->rec.pg_version);
	return 0;
}

static int stop(struct run *r)
{
	return pg_stop(&r->pg, false);
}

int env_leave(struct run *r)
{
	if (r->env < 0)
		return 0;
	if (run_phase(r, "stop", stop) < 0 ||
	    (r->n_volumes && run_phase(r, "unmount", unmount_volumes) < 0))
		return -1;
	return 0;
}

void env_clean_up(struct run *r)
{
	pg_stop(&r->pg, proc_stop_signal() != 0);
	unmount_volumes(r);
}

/* Below this a device counts as full: what PostgreSQL needs to go on. */
#define FULL_BELOW_BYTES (4LL << 20)

void env_diagnose(struct run *r, char *reason, size_t len)
{
	size_t used = strlen(reason);
	char line[200], why[128];

	if (used < len && pg_ended(&r->pg, why, sizeof(why)))
		used += snprintf(reason + used, len - used, "; postgres had ended (%s)", why);
	if (used < len && line_with(r->pg.log_path, r->pg_log_mark, "No space left on device",
				    true, line, sizeof(line)))
		used += snprintf(reason + used, len - used, "; postgres.log: %s", line);
	for (size_t i = 0; i < r->n_volumes && used < len; i++) {
		const struct volume *v = &r->volumes[i];
		struct statvfs st;

		if (!v->mounted || statvfs(v->mountpoint, &st) < 0)
			continue;
		long long avail = (long long)st.f_bavail * (long long)st.f_frsize;
		long long total = (long long)st.f_blocks * (long long)st.f_frsize;
		if (avail < FULL_BELOW_BYTES)
			used += snprintf(reason + used, len - used,
					 "; the %s %s was full (%lld KiB free of %lld MiB)",
					 v->role, v->mountpoint, avail >> 10, total >> 20);
	}
}

void env_tear_down(struct run *r)
{
	pid_t session = r->pg.session;	/* postgres leads a session of its own */
	char why[1024];

	/* Immediate: the environment is thrown away, and a fast shutdown
	 * can wait for ever on a checkpoint that a full disk refuses. */
	pg_stop(&r->pg, true);
	/* Backends whose postmaster was killed outlive it for a while. */
	if (session > 0 && kill(-session, SIGKILL) < 0 && errno != ESRCH)
		warning("could not kill the processes of session %d:", (int)session);
	r->pg.session = 0;
	unmount_volumes(r);
	fail_take(why, sizeof(why));
	if (why[0])
		note("environment %d: while tearing it down: %s", r->env, why);
	r->env = -1;
}

/* The devices whose I/O the cases count (io_figures.h); one that cannot
 * be counted is named once a run, and each case's line says why. */
static void set_io_devices(struct run *r)
{
	r->wenv.io = &r->io;
	io_devices_set(&r->io, IO_SYSFS_BLOCK,
		       r->n_volumes > 0 ? volume_kernel_name(&r->volumes[0]) : NULL,
		       r->n_volumes > 1 ? volume_kernel_name(&r->volumes[1]) : NULL);
	for (size_t i = 0; i < r->n_volumes && i < IO_ROLES; i++)
		if (r->io.dev[i].why[0] && !r->io_warned) {
			warning("no I/O per unit of work on %s: %s", r->volumes[i].device,
				r->io.dev[i].why);
			r->io_warned = true;
		}
}

int env_enter(struct run *r, const struct bench_case *c)
{
	if (env_leave(r) < 0)
		return -1;
	r->env = c->env;
	r->rec.environments++;
	read_fs(&r->fs, c);
	r->rec.fs = &r->fs;
	note("environment %d: %s%s%s", c->env, r->o->target ? r->fs.type : "host directory",
	     r->o->target ? ", profile " : "", r->o->target ? r->fs.profile : "");
	configuring = c;
	r->wenv.loaded = NULL;
	if (r->o->target) {
		/* The queue first: a scheduler the kernel lacks fails the
		 * run before anything is formatted. */
		if (set_up_volumes(r) < 0)
			return ENV_UNUSABLE;
		if (run_phase(r, "queue", set_queues) < 0 ||
		    run_phase(r, "mkfs", format_volumes) < 0 ||
		    run_phase(r, "mount", mount_volumes) < 0)
			return -1;
		r->wenv.target = &r->volumes[0];
	} else if (make_env_dir(r) < 0) {
		return -1;
	}
	set_io_devices(r);
	if (knobs_any(r->s) && run_phase(r, "knobs", set_knobs) < 0)
		return -1;
	if ((r->cluster.template ? run_phase(r, "cluster", copy_cluster)
				 : run_phase(r, "initdb", initdb)) < 0 ||
	    run_phase(r, "configure", configure) < 0 ||
	    run_phase(r, "start", start) < 0)
		return -1;
	r->wenv.generation++;
	return 0;
}
