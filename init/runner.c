/* SPDX-License-Identifier: GPL-2.0-only */
/* runner.c: call bootbench-bench with a deadline, watching for a lost
 * I/O (hang.h) meanwhile; its failure is the run's. */
#include "init/runner.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "common/clock.h"
#include "common/procstat.h"
#include "common/sysfs.h"
#include "init/boot.h"
#include "init/children.h"
#include "init/console.h"
#include "init/hang.h"
#include "init/kernel/tasks.h"
#include "common/clockmode.h"
#include "init/results/results_part.h"

#define BENCH_PREFIX "bootbench-bench: "

struct describe_ctx {
	struct suite_info *suite;
	char bad[256];			/* first key=value line with a bad value */
	char last[512];			/* last "bootbench-bench: reason" line */
};

/* The reason is the last line naming the program: a usage error's hint
 * ("Try ...") comes after it. */
static void describe_line(void *arg, const char *line)
{
	struct describe_ctx *c = arg;

	if (!strncmp(line, BENCH_PREFIX, strlen(BENCH_PREFIX)))
		snprintf(c->last, sizeof c->last, "%s", line);
	if (suite_info_line(c->suite, line) < 0 && !c->bad[0])
		snprintf(c->bad, sizeof c->bad, "%s", line);
}

static double earlier(double a, double b)
{
	return a < b ? a : b;
}

int runner_describe_suite(struct boot *b)
{
	const char *argv[] = { BENCH_PROGRAM, "describe", "--suite", b->params.suite, NULL };
	struct describe_ctx c = { .suite = &b->suite };
	struct spawn_result r;
	const char *missing;
	char st[64];

	suite_info_init(&b->suite, b->params.suite);
	if (children_run(argv, earlier(clock_now() + DESCRIBE_TIMEOUT, b->deadline), 1.0,
		     describe_line, &c, NULL, &r) < 0)
		return fail("could not %s:", r.what);
	if (r.timed_out)
		return fail("%s describe --suite %s did not answer within %d s",
			    BENCH_PROGRAM, b->params.suite, DESCRIBE_TIMEOUT);
	if (!WIFEXITED(r.status) || WEXITSTATUS(r.status) != 0) {
		if (!strncmp(c.last, BENCH_PREFIX, strlen(BENCH_PREFIX)))
			return fail("suite %s: %s", b->params.suite, c.last + strlen(BENCH_PREFIX));
		return fail("%s describe --suite %s failed (%s)", BENCH_PROGRAM,
			    b->params.suite, spawn_status_text(r.status, st, sizeof st));
	}
	if (c.bad[0])
		return fail("%s describe --suite %s: bad line \"%s\"", BENCH_PROGRAM,
			    b->params.suite, c.bad);
	if ((missing = suite_info_missing(&b->suite)))
		return fail("%s describe --suite %s gave no %s", BENCH_PROGRAM,
			    b->params.suite, missing);
	b->have_suite = true;
	note("suite %s: target at least %lld MiB, unmarked partitions %s, WAL partition %s",
	     b->suite.name, b->suite.min_target_mib,
	     b->suite.allow_unmarked ? "allowed" : "refused",
	     b->suite.needs_wal ? "needed" : "optional");
	return 0;
}

struct run_ctx {
	char last_error[512];
	struct hang *hang;
};

/* The runner's output goes onto the console as it comes; its last
 * "bootbench-bench: reason" line is the reason if it fails. */
static void run_line(void *arg, const char *line)
{
	struct run_ctx *c = arg;

	console_line(line);
	if (!strncmp(line, BENCH_PREFIX, strlen(BENCH_PREFIX)))
		snprintf(c->last_error, sizeof c->last_error, "%s", line + strlen(BENCH_PREFIX));
}

static double run_tick(void *arg)
{
	struct run_ctx *c = arg;

	hang_watch_poll(c->hang);
	return 0;
}

/* A program in state D: a process with a command line, not a kernel
 * thread (whose cmdline is empty). */
struct stuck_program {
	int pid;
	char name[64];
};

static void take_program(void *ctx, const struct procstat *p)
{
	struct stuck_program *s = ctx;
	char path[64], argv0[64];

	if (s->pid)
		return;
	snprintf(path, sizeof path, "/proc/%d/cmdline", p->pid);
	if (sysfs_read(path, argv0, sizeof argv0) == 0 && argv0[0]) {
		s->pid = p->pid;
		snprintf(s->name, sizeof s->name, "%s", p->name);
	}
}

/* After the runner was killed at the run's deadline: a program of the
 * run in state D at every look for STUCK_CHECK_S seconds (the runner's
 * group got SIGKILL, which a task waiting for a lost I/O does not act
 * on; one that waits for a slow but live disk leaves state D between
 * two looks). */
#define STUCK_CHECK_S 10
#define STUCK_LOOKS 40
static bool program_stuck(struct stuck_program *s)
{
	if (tasks_in_state("", 'D', take_program, s) <= 0 || !s->pid)
		return false;
	for (int i = 0; i < STUCK_LOOKS; i++) {
		struct timespec wait = { 0, STUCK_CHECK_S * 1000000000L / STUCK_LOOKS };

		while (nanosleep(&wait, &wait) < 0)
			;
		if (procstat_state(s->pid) != 'D')
			return false;
	}
	return true;
}

/* A hang the runner's end shows: it says a program of the run is stuck
 * in state D, or it is itself, or one of its programs is, past the run's
 * deadline. */
static void stuck_runner(struct boot *b, const struct run_ctx *c, const struct spawn_result *r)
{
	struct stuck_program s = { 0, "" };
	char said[600];

	if (r->lost && procstat_state(r->pid) == 'D') {
		snprintf(said, sizeof said, "the suite runner (pid %d) is stuck in uninterruptible "
			 "sleep (state D) past the run's deadline: SIGKILL did not end it",
			 (int)r->pid);
		hang_found(&b->hang, "deadline", said);
	} else if (!r->lost && WIFEXITED(r->status) && WEXITSTATUS(r->status) == STUCK_EXIT) {
		hang_found(&b->hang, "deadline", c->last_error[0] ? c->last_error :
			   "the suite runner says a program of the run is stuck in state D");
	} else if (r->timed_out && program_stuck(&s)) {
		snprintf(said, sizeof said, "%s (pid %d), a program of the run, is stuck in "
			 "uninterruptible sleep (state D) past the run's deadline: SIGKILL did not "
			 "end it", s.name, s.pid);
		hang_found(&b->hang, "deadline", said);
	}
}

int bench_run(struct boot *b)
{
	const char *argv[16];
	struct run_ctx c = { "", &b->hang };
	const struct children_watch watch = { run_tick, HANG_TICK, &b->hang.seen };
	struct spawn_result r;
	double deadline = b->deadline - FINISH_RESERVE;
	char st[64], stopped[560], reason[1024], ctext[CLOCK_TEXT_MAX];
	int n = 0, rc;

	argv[n++] = BENCH_PROGRAM;
	argv[n++] = "run";
	argv[n++] = "--suite";
	argv[n++] = b->params.suite;
	argv[n++] = "--target";
	argv[n++] = b->target->path;
	argv[n++] = "--run-dir";
	argv[n++] = b->run_dir;
	if (b->wal) {
		argv[n++] = "--wal";
		argv[n++] = b->wal->path;
	}
	argv[n++] = "--mountpoint";
	argv[n++] = TARGET_MOUNT;
	argv[n] = NULL;

	/* The runner's figures are in this clock too (clockmode.h). */
	if (setenv("BOOTBENCH_CLOCK", clock_text(&b->params.clock, ctext, sizeof ctext), 1) < 0)
		return fail("could not set BOOTBENCH_CLOCK:");
	note("running suite %s on %s (deadline in %.0f s)", b->params.suite,
	     b->target->path, deadline - clock_now());
	b->bench_started = true;
	hang_watch_begin(&b->hang);
	rc = children_run(argv, deadline, CHILDREN_KILL_GRACE, run_line, &c, &watch, &r);
	hang_watch_end(&b->hang);
	if (rc < 0)
		return fail("could not %s:", r.what);
	if (!b->hang.found)
		stuck_runner(b, &c, &r);
	if (b->hang.found)
		return fail("%s", hang_reason(&b->hang, reason, sizeof reason));
	if (r.timed_out)
		return fail("suite %s did not finish within bootbench.timeout=%ld s; stopped it%s",
			    b->params.suite, b->params.timeout,
			    r.lost ? " (it did not die even after SIGKILL)" : "");
	if (WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0)
		return 0;
	if (!c.last_error[0])
		snprintf(c.last_error, sizeof c.last_error, "%s run: %s", BENCH_PROGRAM,
			 spawn_status_text(r.status, st, sizeof st));
	/* When the results partition stopped taking writes, that is the
	 * run's reason: said first, then the runner's. */
	snprintf(stopped, sizeof stopped, "the suite stopped: %s", c.last_error);
	if (results_still_writable(b, b->run_dir, stopped) < 0)
		return -1;
	return fail("suite %s failed: %s", b->params.suite, c.last_error);
}
