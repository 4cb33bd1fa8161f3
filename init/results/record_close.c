/* SPDX-License-Identifier: GPL-2.0-only */
/* record_close.c: a "running" run.json ended by another (record_close.h). */
#include "init/results/record_close.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/json.h"
#include "common/jsonread.h"

/* How runjson.c writes the members that change: one a line, two spaces
 * in; the status, the reason and the failed phase one after the other,
 * the finish time later. */
static const char running[] = "\n  \"status\": \"running\",\n";
static const char unfinished[] = "\n  \"finished_utc\": null,\n";

bool record_running(const char *text, size_t len)
{
	struct jr_error err;
	struct jr_value *v = jr_parse(text, len, &err);
	const char *status = jr_str(jr_get(v, "status"));
	bool yes = status && strcmp(status, "running") == 0;

	jr_free(v);
	return yes;
}

/* Past the line at p if it starts with start, else NULL. */
static const char *line_of(const char *p, const char *start)
{
	if (!p || strncmp(p, start, strlen(start)) != 0)
		return NULL;
	p = strchr(p, '\n');
	return p ? p + 1 : NULL;
}

/* One member line: VALUE a JSON string, or null. */
static void member(FILE *f, const char *key, const char *value)
{
	fprintf(f, "  \"%s\": ", key);
	if (value)
		json_write_escaped(f, value);
	else
		fputs("null", f);
	fputs(",\n", f);
}

char *record_close(const char *text, size_t len, const char *status, const char *reason,
		   const char *failed_phase, const char *finished_utc)
{
	const char *at, *rest, *fin = NULL;
	char *out = NULL;
	size_t olen = 0;
	FILE *f;

	if (!record_running(text, len) || !(at = strstr(text, running)))
		return NULL;
	rest = line_of(line_of(at + 1, "  \"status\": "), "  \"reason\": ");
	rest = line_of(rest, "  \"failed_phase\": ");
	if (rest && finished_utc)
		fin = strstr(rest - 1, unfinished);
	if (!rest || (finished_utc && !fin))
		return NULL;	/* not the layout runjson.c writes */
	f = open_memstream(&out, &olen);
	if (!f)
		return NULL;
	fprintf(f, "%.*s\n", (int)(at - text), text);
	member(f, "status", status);
	member(f, "reason", reason);
	member(f, "failed_phase", failed_phase);
	if (fin) {
		fprintf(f, "%.*s", (int)(fin + 1 - rest), rest);
		member(f, "finished_utc", finished_utc);
		rest = fin + strlen(unfinished);
	}
	fputs(rest, f);
	if (fclose(f) != 0 || !jr_valid(out, olen)) {
		free(out);
		return NULL;
	}
	return out;
}
