/* SPDX-License-Identifier: GPL-2.0-only */
/* results_fsck.c: e2fsck -p of the results partition before it is mounted. */
#include "init/results/results_fsck.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "common/clock.h"
#include "init/children.h"
#include "init/console.h"

bool results_fsck_usable(int exit_status)
{
	return exit_status >= 0 && (exit_status & ~3) == 0;
}

/* Each line on the console, and kept in f->said while it fits; the last
 * that names a problem (not the "check forced" line before, nor the
 * "UNEXPECTED INCONSISTENCY" and its indented hint after) in f->problem. */
static void keep_line(void *ctx, const char *line)
{
	struct results_fsck *f = ctx;
	size_t used = strlen(f->said), len = strlen(line);

	console_line(line);
	if (line[0] && !strchr(" \t", line[0]) && !strstr(line, "check forced") &&
	    !strstr(line, "UNEXPECTED INCONSISTENCY"))
		snprintf(f->problem, sizeof f->problem, "%s", line);
	if (used + len + 2 <= sizeof f->said) {
		memcpy(f->said + used, line, len);
		f->said[used + len] = '\n';
		f->said[used + len + 1] = '\0';
	}
}

int results_fsck(const char *path, struct results_fsck *f)
{
	const char *argv[] = { E2FSCK, "-p", path, NULL };
	struct spawn_result r;
	double start = clock_now();

	memset(f, 0, sizeof *f);
	note("checking the results partition: %s -p %s", E2FSCK, path);
	if (children_run(argv, start + FSCK_TIMEOUT, CHILDREN_KILL_GRACE, keep_line, f, NULL,
			 &r) < 0)
		return fail("could not %s:", r.what);
	f->ran = true;
	f->seconds = clock_now() - start;
	f->exit_status = !r.timed_out && !r.lost && WIFEXITED(r.status) ? WEXITSTATUS(r.status) : -1;
	if (f->exit_status < 0)
		return fail("%s -p %s did not finish within %d s: not writing to the results "
			    "partition", E2FSCK, path, FSCK_TIMEOUT);
	if (!results_fsck_usable(f->exit_status))
		return fail("results partition %s has errors %s -p cannot repair (exit %d%s%s): "
			    "not writing to it; check it with e2fsck -f on another machine",
			    path, E2FSCK, f->exit_status, f->problem[0] ? ": " : "", f->problem);
	if (f->exit_status)
		note("e2fsck repaired the results partition %s (exit %d) in %.2f s", path,
		     f->exit_status, f->seconds);
	return 0;
}
