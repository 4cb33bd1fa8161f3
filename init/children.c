/* SPDX-License-Identifier: GPL-2.0-only */
/* children.c: the boot program's children: run one while reaping all. */
#include "init/children.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdbool.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include "common/clock.h"
#include "init/console.h"

/* Every child that has ended, orphans included; 1 if pid was one. */
static int reap_all(pid_t pid, int *status)
{
	int ended = 0, st;
	pid_t w;

	while ((w = waitpid(-1, &st, WNOHANG)) > 0) {
		if (w == pid) {
			*status = st;
			ended = 1;
		}
	}
	/* ECHILD: pid was reaped at an earlier call. */
	if (!ended && w < 0 && errno != EINTR && errno != ECHILD)
		return -1;
	return ended;
}

int children_run(const char *const argv[], double deadline, double kill_grace,
		 linesplit_fn *line, void *ctx, const struct children_watch *watch,
	     struct spawn_result *r)
{
	static sigset_t wait_mask;
	static bool caught;
	const struct spawn_spec s = { .argv = argv, .new_session = true };
	const struct spawn_wait w = {
		.deadline = deadline, .kill_grace = kill_grace,
		.after_exit = CHILDREN_AFTER_EXIT, .mask = &wait_mask,
		.ended = reap_all, .line = line, .ctx = ctx, .copy_fd = -1,
		.tick = watch ? watch->tick : NULL, .tick_s = watch ? watch->tick_s : 0,
		.enough = watch ? watch->enough : NULL,
	};

	if (!caught) {
		if (spawn_catch_sigchld(&wait_mask) < 0) {
			snprintf(r->what, sizeof(r->what), "catch SIGCHLD");
			return -1;
		}
		caught = true;
	}
	if (spawn_run(&s, &w, r) == 0)
		return 0;
	/* "execute \"/sbin/x\"" names the program; "fork" does not. */
	if (strncmp(r->what, "execute ", 8) != 0) {
		char step[sizeof(r->what)];
		int err = errno;

		snprintf(step, sizeof(step), "%s", r->what);
		snprintf(r->what, sizeof(r->what), "start \"%.100s\": %.80s", argv[0], step);
		errno = err;
	}
	return -1;
}

int children_run_checked(const char *const argv[], const char *name, int timeout,
			 linesplit_fn *line, void *ctx, char *why, size_t why_len)
{
	struct spawn_result r;
	char st[64];

	if (children_run(argv, clock_now() + timeout, CHILDREN_KILL_GRACE, line, ctx, NULL,
			 &r) < 0) {
		snprintf(why, why_len, "could not %s: %s", r.what, strerror(errno));
		return -1;
	}
	if (r.timed_out) {
		snprintf(why, why_len, "%s did not finish within %d s%s", name, timeout,
			 r.lost ? " (it did not die even after SIGKILL)" : "");
		return -1;
	}
	if (!WIFEXITED(r.status) || WEXITSTATUS(r.status) != 0) {
		snprintf(why, why_len, "%s failed (%s)%s%s", name,
			 spawn_status_text(r.status, st, sizeof st), r.last[0] ? ": " : "",
			 r.last);
		return -1;
	}
	return 0;
}

int children_adopt(void)
{
	if (prctl(PR_SET_CHILD_SUBREAPER, 1) < 0)
		return fail("could not become the reaper of orphans (PR_SET_CHILD_SUBREAPER):");
	return 0;
}

void children_environment(void)
{
	setenv("PATH", CHILDREN_PATH, 1);
	setenv("TZ", "UTC", 1);
}
