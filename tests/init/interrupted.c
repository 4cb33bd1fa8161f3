/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * interrupted.c: tests of init/interrupted.c: a "running" run.json as
 * runjson.c writes it becomes "interrupted" with the reason, and nothing
 * else of it changes; any other record is left alone.
 */
#include "interrupted.h"

#include "tap.h"

#include <stdlib.h>
#include <string.h>

#include "../common/jsonread.h"

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
	free(running);
	free(done);
	free(failed);
	free(want);
	return tap_done();
}
