/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * interrupted.c: tests of init/results/interrupted.c: a "running" run.json as
 * runjson.c writes it becomes "interrupted" with the reason, and nothing
 * else of it changes; any other record is left alone.
 */
#include "init/results/interrupted.h"

#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/fileio.h"
#include "common/jsonread.h"
#include "init/results/results_state.h"

static const char head[] = "{\n  \"format\": \"bootbench-run\",\n  \"format_version\": 1,\n";
static const char rest[] = "  \"failed_phase\": null,\n  \"id\": \"abc\",\n"
	"  \"bench\": { \"status\": \"running\", \"reason\": null }\n}\n";

static char *record(const char *status_and_reason)
{
	size_t n = strlen(head) + strlen(status_and_reason) + strlen(rest) + 1;
	char *t = malloc(n);

	if (t)
		snprintf(t, n, "%s%s%s", head, status_and_reason, rest);
	return t;
}

/* base/runs/name/ holding run.json text (if any) and the marker (if any). */
static void make_run(const char *base, const char *name, const char *text, int marker)
{
	char path[512];

	snprintf(path, sizeof path, "%s/runs/%s", base, name);
	mkdir(path, 0755);
	if (text) {
		snprintf(path, sizeof path, "%s/runs/%s/run.json", base, name);
		write_file_atomic(path, text, strlen(text), NULL, 0);
	}
	if (marker) {
		snprintf(path, sizeof path, "%s/runs/%s/%s", base, name, RESULTS_RESERVE_NAME);
		write_file_atomic(path, "", 0, NULL, 0);
	}
}

static char *status_of(const char *base, const char *name)
{
	static char status[32];
	char path[512], *text, *at;

	snprintf(path, sizeof path, "%s/runs/%s/run.json", base, name);
	text = read_text(path, 1 << 20, NULL);
	at = text ? strstr(text, "\"status\": \"") : NULL;
	snprintf(status, sizeof status, "%s", at ? at + 11 : "?");
	status[strcspn(status, "\"")] = '\0';
	free(text);
	return status;
}

static int has_marker(const char *base, const char *name)
{
	char path[512];

	snprintf(path, sizeof path, "%s/runs/%s/%s", base, name, RESULTS_RESERVE_NAME);
	return access(path, F_OK) == 0;
}

/* interrupted_mark_all() reads only the runs that hold the marker. */
static void mark_all(const char *running, const char *done)
{
	char base[] = "/tmp/bootbench-interrupted.XXXXXX", runs[64], cmd[128];

	if (!mkdtemp(base))
		return;
	snprintf(runs, sizeof runs, "%s/runs", base);
	mkdir(runs, 0755);
	make_run(base, "cut", running, 1);
	make_run(base, "old", running, 0);
	make_run(base, "finished-late", done, 1);
	make_run(base, "empty", NULL, 1);
	make_run(base, "this", running, 1);
	is_int(interrupted_mark_all(base, "this", "q", "2026-01-01T00:00:00Z"), 1,
	       "mark_all: one run marked");
	is_str(status_of(base, "cut"), "interrupted", "mark_all: a running run with the marker is marked");
	ok(!has_marker(base, "cut"), "mark_all: and its marker removed");
	is_str(status_of(base, "old"), "running", "mark_all: a run without the marker is not read");
	is_str(status_of(base, "finished-late"), "done",
	       "mark_all: a finished run that kept its marker is left as it was");
	ok(!has_marker(base, "finished-late") && !has_marker(base, "empty"),
	   "mark_all: the markers of a finished run and an empty directory are removed");
	is_str(status_of(base, "this"), "running", "mark_all: the boot's own run is skipped");
	ok(has_marker(base, "this"), "mark_all: the boot's own marker is kept");
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
	if (system(cmd) != 0)
		ok(0, "remove %s", base);
}

int main(void)
{
	char *running = record("  \"status\": \"running\",\n  \"reason\": null,\n");
	char *done = record("  \"status\": \"done\",\n  \"reason\": null,\n");
	char *failed = record("  \"status\": \"failed\",\n  \"reason\": \"x\",\n");
	char *want = record("  \"status\": \"interrupted\",\n  \"reason\": \"interrupted: "
			    "found by run \\\"q\\\"\",\n");
	const char *reason = "interrupted: found by run \"q\"";
	char *got;

	if (!running || !done || !failed || !want)
		return 1;
	got = interrupted_record(running, strlen(running), reason);
	is_str(got, want, "a running record: status and reason replaced, the rest kept");
	free(got);
	ok(!interrupted_record(done, strlen(done), reason), "a done record: left alone");
	ok(!interrupted_record(failed, strlen(failed), reason), "a failed record: left alone");
	ok(!interrupted_record(running, strlen(running) - 3, reason), "a cut record: left alone");
	{
		/* "running" only inside a nested object: not this run's status */
		char *nested = record("  \"status\": \"done\",\n  \"reason\": null,\n");
		char *p = strstr(nested, "\"bench\"");
		ok(p && !interrupted_record(nested, strlen(nested), reason),
		   "running in a nested object only: left alone");
		free(nested);
	}
	{
		/* The top-level status is running, but not laid out as written */
		const char *other = "{\"status\":\"running\",\"reason\":null,\"id\":\"a\"}";
		ok(!interrupted_record(other, strlen(other), reason),
		   "a running record in another layout: left alone");
	}
	{
		/* A reason with bytes that are not UTF-8 is still valid JSON */
		char *t = interrupted_record(running, strlen(running), "interrupted: \xff");
		ok(t && jr_valid(t, strlen(t)) && strstr(t, "\"reason\": \"interrupted: \xef\xbf\xbd\""),
		   "a reason with a stray byte: escaped, valid JSON");
		free(t);
	}
	mark_all(running, done);
	free(running);
	free(done);
	free(failed);
	free(want);
	return tap_done();
}
