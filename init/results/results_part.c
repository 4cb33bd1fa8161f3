/* SPDX-License-Identifier: GPL-2.0-only */
/* results_part.c: results partition, run directory, run.json, saved logs. */
#include "init/results/results_part.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <time.h>

#include "common/clock.h"
#include "common/jsonread.h"
#include "init/boot.h"
#include "init/children.h"
#include "init/console.h"
#include "init/disks/devices.h"
#include "init/disks/disk_facts.h"
#include "init/disks/zeroes.h"
#include "init/files.h"
#include "init/kernel/kfacts.h"
#include "init/phase.h"
#include "init/results/console_results.h"
#include "init/results/interrupted.h"
#include "init/results/results_fsck.h"
#include "init/results/results_state.h"
#include "init/results/rundir.h"
#include "init/results/runjson.h"
#include "init/stop_all.h"
#include "init/str.h"

#define BENCH_JSON_MAX (16 << 20)

static int fill_record(FILE *out, const void *arg)
{
	run_record_write(out, arg);
	return 0;
}

static int write_record(struct boot *b, const char *status, const char *finished,
			const char *bench)
{
	struct run_record r = {
		.status = status,
		.reason = failure(),
		.failed_phase = failure_phase(),
		.id = b->params.id,
		.directory = b->run_rel,
		.started_utc = b->started_utc,
		.finished_utc = finished,
		.machine = &b->machine,
		.kernel = &b->kernel,
		.image = b->image,
		.cmdline = b->cmdline,
		.params = &b->params,
		.results = b->results ? &b->results_facts : NULL,
		.target = b->target_facts.device[0] ? &b->target_facts : NULL,
		.wal = b->wal_facts.device[0] ? &b->wal_facts : NULL,
		.model_target = b->model_target.made ? &b->model_target : NULL,
		.model_wal = b->model_wal.made ? &b->model_wal : NULL,
		.results_mount_options = b->results_mount_options,
		.results_formatted = b->results_formatted,
		.results_fsck = b->results_fsck.ran ? &b->results_fsck : NULL,
		.results_health = b->results_health.state == RESULTS_NOT_MOUNTED ?
			NULL : &b->results_health,
		.suite = b->have_suite ? &b->suite : NULL,
		.hang = &b->hang,
		.bench = bench,
	};

	r.n_phases = phase_list(&r.phases);
	return write_file_filled(b->run_dir, "run.json", fill_record, &r);
}

static void echo_line(void *ctx, const char *line)
{
	(void)ctx;
	console_line(line);
}

static int format_results(struct boot *b, struct blockdev *d)
{
	const char *argv[] = { MKFS_EXT4, "-q", "-L", RESULTS_FS_LABEL, "-m", "0",
			       "-O", RESULTS_MKFS_FEATURES, d->path, NULL };
	char name[PATH_MAX + 32], why[CHILDREN_WHY_MAX];
	struct zeroes z;

	if (devices_probe(d) < 0 || !blockdev_blank(d))
		return fail("results partition %s is no longer blank: not formatting it", d->path);
	if (zeroes_at_ends(d->path, ZEROES_SPAN, &z) < 0)
		return fail("could not read \"%s\":", d->path);
	if (!z.all_zero)
		return fail("results partition %s has no filesystem signature but holds data "
			    "(a byte not 0 at offset %llu): not formatting it; if its data may go, "
			    "zero it first (blkdiscard -z %s, or dd if=/dev/zero over its "
			    "first and last %llu MiB)", d->path, z.first_nonzero, d->path,
			    ZEROES_SPAN >> 20);
	note("formatting the blank results partition %s: %s -q -L %s -m 0 -O %s %s", d->path,
	     MKFS_EXT4, RESULTS_FS_LABEL, RESULTS_MKFS_FEATURES, d->path);
	snprintf(name, sizeof name, "%s %s", MKFS_EXT4, d->path);
	if (children_run_checked(argv, name, MKFS_TIMEOUT, echo_line, NULL, why, sizeof why) < 0)
		return fail("%s", why);
	b->results_formatted = true;
	devices_probe(d);
	return 0;
}

void results_disk_facts(struct boot *b)
{
	char spec[DEVSPEC_MAX + 16];

	if (b->results)
		disk_facts_read(b->results, devspec_str(&b->params.results, spec, sizeof spec),
				&b->results_facts);
	if (b->target)
		disk_facts_read(b->target, devspec_str(&b->params.target, spec, sizeof spec),
				&b->target_facts);
	if (b->wal)
		disk_facts_read(b->wal, devspec_str(&b->params.wal, spec, sizeof spec),
				&b->wal_facts);
}

/* A new run directory under RESULTS_MOUNT/runs; the boot's log goes on in
 * its logs/console.log. */
static int open_run_dir(struct boot *b)
{
	char name[256], log[PATH_MAX];
	time_t now = time(NULL);

	utc_string(b->started_utc, sizeof b->started_utc, now);
	if (rundir_name(name, sizeof name, now, b->machine.release, b->params.id) < 0)
		return fail("run directory name for release %s is too long", b->machine.release);
	if (rundir_create(RESULTS_MOUNT, name, b->run_rel, sizeof b->run_rel) < 0)
		return -1;
	if (str_printf(b->run_dir, sizeof b->run_dir, "%s/%s", RESULTS_MOUNT, b->run_rel) < 0 ||
	    str_printf(log, sizeof log, "%s/logs/console.log", b->run_dir) < 0)
		return fail("could not name the run directory \"%s/%s\":", RESULTS_MOUNT, b->run_rel);
	console_attach(log);
	results_disk_facts(b);
	return 0;
}

/* The kernel's config beside the record, and the first run.json. */
static int first_record(struct boot *b)
{
	if (kfacts_save_config("", &b->kernel, b->run_dir) == 0)
		note("kernel config %s saved as %s, sha256 %s", b->kernel.config_source,
		     KFACTS_CONFIG_FILE, b->kernel.config_sha256);
	return write_record(b, "running", NULL, NULL);
}

/* bootbench.results=console: the run directory in memory (a tmpfs on
 * RESULTS_MOUNT), printed on the console at the finish. */
static int open_in_memory(struct boot *b)
{
	char runs[] = RESULTS_MOUNT "/runs";

	if (mount("tmpfs", RESULTS_MOUNT, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755") < 0)
		return fail("could not mount a tmpfs on \"%s\":", RESULTS_MOUNT);
	b->results_mounted = true;
	b->results_mount_options = "tmpfs (bootbench.results=console)";
	if (mkdir(runs, 0755) < 0)
		return fail("could not create \"%s\":", runs);
	if (open_run_dir(b) < 0)
		return -1;
	note("run directory %s in memory: bootbench.results=console prints it on the console "
	     "at the end", b->run_rel);
	return first_record(b);
}

int results_open(struct boot *b)
{
	struct blockdev *d = (struct blockdev *)b->results;
	char what[PATH_MAX + 64], text[512];

	if (b->params.results_console)
		return open_in_memory(b);
	if (!d)
		return -1;	/* not found: said so already */
	if (blockdev_blank(d)) {
		if (!b->params.results_init)
			return fail("results partition %s is blank: boot with "
				    "bootbench.results-init=1 to format it", d->path);
		if (!b->params_ok) {
			note("not formatting the blank results partition %s: bad command line", d->path);
			return -1;
		}
		if (format_results(b, d) < 0)
			return -1;
	}
	if (strcmp(d->fstype, "ext4") != 0)
		return fail("results partition %s holds %s, not ext4: not using it", d->path,
			    d->fstype[0] ? d->fstype :
			    d->ambivalent ? "conflicting signatures" : "no filesystem blkid knows");
	if (d->read_only) {
		b->results_health.state = RESULTS_READ_ONLY;
		return fail("results partition %s is read-only (the disk refuses writes: "
			    "/sys/class/block/%s/ro is 1): not using it", d->path, d->name);
	}
	if (!b->results_formatted && results_fsck(d->path, &b->results_fsck) < 0)
		return -1;
	if (mount(d->path, RESULTS_MOUNT, "ext4", RESULTS_MOUNT_FLAGS, RESULTS_MOUNT_DATA) < 0)
		return fail("could not mount \"%s\" on \"%s\":", d->path, RESULTS_MOUNT);
	b->results_mounted = true;
	b->results_mount_options = RESULTS_MOUNT_OPTIONS;

	if (open_run_dir(b) < 0)
		return -1;
	note("run directory %s on %s", b->run_rel, d->path);
	/* First: marking an interrupted run frees the space it held. */
	interrupted_mark_all(RESULTS_MOUNT, b->run_rel + strlen("runs/"), b->params.id,
			     b->started_utc);
	if (results_reserve_take(b->run_dir, what, sizeof what) < 0) {
		struct results_health *h = &b->results_health;
		int err = errno;

		b->results_trouble_said = true;
		results_health_check(d->name, RESULTS_MOUNT, b->run_dir, h);
		if (h->state == RESULTS_WRITABLE) {	/* room for a probe, not for the run */
			h->state = results_state_of_errno(err);
			str_printf(h->detail, sizeof h->detail, "could not %s: %s", what, strerror(err));
		}
		return fail("%s: not starting the run", results_health_text(h, d->path, text, sizeof text));
	}
	return first_record(b);
}

static int fill_text(FILE *out, const void *arg)
{
	return fputs(arg, out) == EOF ? -1 : 0;
}

void results_save_dmesg(const char *run_dir)
{
	int size = klogctl(10, NULL, 0);	/* SYSLOG_ACTION_SIZE_BUFFER */
	char *buf, dir[PATH_MAX];
	int n;

	if (size <= 0 || !(buf = malloc(size + 1))) {
		warning("dmesg: could not read the kernel log buffer:");
		return;
	}
	n = klogctl(3, buf, size);		/* SYSLOG_ACTION_READ_ALL */
	if (n < 0) {
		warning("dmesg: could not read the kernel log:");
		free(buf);
		return;
	}
	buf[n] = '\0';
	if (str_printf(dir, sizeof dir, "%s/logs", run_dir) == 0)
		write_file_filled(dir, "dmesg.txt", fill_text, buf);
	free(buf);
}

/* bench.json of the run, if the runner wrote a valid JSON object. */
static char *bench_json(struct boot *b)
{
	char path[PATH_MAX], *text;
	size_t len;

	if (str_printf(path, sizeof path, "%s/bench.json", b->run_dir) < 0)
		return NULL;
	text = read_text(path, BENCH_JSON_MAX, &len);
	if (!text) {
		if (!failure())
			fail("could not read \"%s\":", path);
		return NULL;
	}
	if (len == BENCH_JSON_MAX) {
		fail("%s is larger than %d MiB", path, BENCH_JSON_MAX >> 20);
		free(text);
		return NULL;
	}
	while (len && text[len - 1] && strchr(" \t\r\n", text[len - 1]))
		text[--len] = '\0';
	if (!jr_valid(text, len) || text[strspn(text, " \t\r\n")] != '{') {
		if (!failure())
			fail("%s is not a valid JSON object; not embedding it in run.json", path);
		else
			warning("%s is not a valid JSON object; not embedding it in run.json", path);
		free(text);
		return NULL;
	}
	return text;
}

int results_still_writable(struct boot *b, const char *dir, const char *also)
{
	struct results_health h;
	char text[512];

	/* bootbench.results=console: the run is in memory, no partition. */
	if (!b->results)
		return 0;
	results_health_check(b->results->name, RESULTS_MOUNT, dir, &h);
	if (h.state == RESULTS_WRITABLE) {
		if (!b->results_trouble_said)
			b->results_health = h;
		return 0;
	}
	b->results_health = h;
	if (!b->results_trouble_said) {
		b->results_trouble_said = true;
		fail("%s%s%s", results_health_text(&h, b->results->path, text, sizeof text),
		     also ? "; " : "", also ? also : "");
	}
	return -1;
}

/* The final run.json, and what goes with it. */
static void finish_record(struct boot *b)
{
	bool on_disk = !b->params.results_console;
	char finished[32];
	const char *status;
	char *bench = NULL;

	if (!b->results_mounted || !b->run_dir[0]) {
		if (b->results_mounted && on_disk)
			results_still_writable(b, RESULTS_MOUNT, NULL);
		note("no run record: %s", b->results_mounted ? "no run directory" :
		     "the results partition is not mounted");
		phase_end();
		return;
	}
	if (on_disk)
		results_still_writable(b, b->run_dir, NULL);
	if (b->results_health.state == RESULTS_GONE ||
	    b->results_health.state == RESULTS_READ_ONLY) {
		note("no final run.json: the results partition is %s; what was written stays",
		     results_state_name(b->results_health.state));
		phase_end();
		console_detach();
		return;
	}
	if (on_disk && results_reserve_release(b->run_dir) < 0 &&
	    b->results_health.state == RESULTS_WRITABLE)
		warning("could not release the space held in \"%s/%s\":", b->run_dir,
			RESULTS_RESERVE_NAME);
	results_save_dmesg(b->run_dir);
	if (b->bench_started)
		bench = bench_json(b);
	utc_string(finished, sizeof finished, time(NULL));
	status = failure() ? "failed" : "done";
	phase_end();
	if (write_record(b, status, finished, bench) == 0) {
		b->record_saved = true;
		note("run %s: %s/run.json", status, b->run_rel);
		if (on_disk && results_reserve_drop(b->run_dir) < 0)
			warning("could not remove \"%s/%s\":", b->run_dir, RESULTS_RESERVE_NAME);
	}
	console_detach();
	free(bench);
}

void results_finish(struct boot *b)
{
	if (proc_stop_all(STOP_GRACE))
		warning("some processes did not die after SIGKILL");
	finish_record(b);
	if (b->run_dir[0] && b->results_health.state != RESULTS_GONE)
		console_results_print(b->run_rel);
}
