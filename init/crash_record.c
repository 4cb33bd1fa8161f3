/* SPDX-License-Identifier: GPL-2.0-only */
/* crash_record.c: the record of a run whose boot program did not end it
 * (crash_record.h). */
#include "init/crash_record.h"

#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/fileio.h"
#include "init/boot.h"
#include "init/children.h"
#include "init/console.h"
#include "init/handover.h"
#include "init/kernel/mounts.h"
#include "init/results/console_results.h"
#include "init/results/record_close.h"
#include "init/results/results_part.h"
#include "init/results/results_state.h"
#include "init/results/rundir.h"
#include "init/str.h"
#include "init/supervise.h"

/* run.json of run_dir, "running" until now, marked failed. */
static bool mark_failed(const struct handover *h, const char *run_dir, const char *reason)
{
	char path[PATH_MAX], err[PATH_MAX + 32], finished[32], *text, *closed;
	size_t len;
	int rc;

	if (str_printf(path, sizeof path, "%s/run.json", run_dir) < 0 ||
	    !(text = read_text(path, RUN_JSON_MAX, &len))) {
		warning("could not read \"%s/run.json\":", run_dir);
		return false;
	}
	utc_string(finished, sizeof finished, time(NULL));
	closed = record_close(text, len, "failed", reason, h->phase[0] ? h->phase : NULL,
			      finished);
	free(text);
	if (!closed) {
		warning("\"%s\" does not say \"running\" as the boot program writes it: "
			"left as it is", path);
		return false;
	}
	rc = write_file_atomic(path, closed, strlen(closed), err, sizeof err);
	free(closed);
	if (rc < 0) {
		warning("could not %s:", err);
		return false;
	}
	note("run failed: %s/run.json", h->run);
	return true;
}

/* The run's record and logs; true if its run.json now says failed. */
static bool record_run(const struct handover *h, const char *run_dir, const char *reason)
{
	bool on_disk = strcmp(h->results, RESULTS_CONSOLE) != 0, saved;
	char log[PATH_MAX];

	if (str_printf(log, sizeof log, "%s/logs/console.log", run_dir) == 0)
		console_attach(log);
	if (on_disk && results_reserve_release(run_dir) < 0)
		warning("could not release the space held in \"%s/%s\":", run_dir,
			RESULTS_RESERVE_NAME);
	results_save_dmesg(run_dir);
	saved = mark_failed(h, run_dir, reason);
	if (saved && on_disk && results_reserve_drop(run_dir) < 0)
		warning("could not remove \"%s/%s\":", run_dir, RESULTS_RESERVE_NAME);
	console_detach();
	return saved;
}

int crash_record(const char *reason)
{
	char run_dir[PATH_MAX] = "", *cmdline = read_text("/proc/cmdline", 65536, NULL);
	struct supervision sv;
	struct results_health health;
	struct handover h;
	struct end_line e;
	const char *results = NULL;
	bool saved = false;

	console_open();
	children_environment();
	supervise_read(cmdline, &sv);
	free(cmdline);
	if (handover_load(HANDOVER_PATH, &h) < 0)
		warning("could not read \"%s\":", HANDOVER_PATH);
	fail("%s", reason);
	if (h.mount[0] && h.run[0] &&
	    str_printf(run_dir, sizeof run_dir, "%s/%s", h.mount, h.run) == 0)
		saved = record_run(&h, run_dir, reason);
	if (h.mount[0] && h.devname[0]) {
		results_health_check(h.devname, h.mount, run_dir[0] ? run_dir : h.mount, &health);
		results = results_state_name(health.state);
	}
	if (run_dir[0] && !(results && health.state == RESULTS_GONE))
		console_results_print(h.run);
	supervise_end_line(&h, reason, saved, results, &sv, &e);
	end_line_print(&e);
	/* After a lost I/O an unmount would wait for ever (hang.h). */
	if (h.hung[0] && h.mount[0])
		mounts_sync_one(h.mount);
	else
		mounts_release();
	return BOOT_EXIT_RECORDED;
}

_Noreturn void crash_on_purpose(const char *phase)
{
	sigset_t segv;

	note("bootbench.crash=%s: the boot program crashes now, as asked (for tests)", phase);
	sigemptyset(&segv);
	sigaddset(&segv, SIGSEGV);
	signal(SIGSEGV, SIG_DFL);
	sigprocmask(SIG_UNBLOCK, &segv, NULL);
	raise(SIGSEGV);
	abort();
}
