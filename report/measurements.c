/* SPDX-License-Identifier: GPL-2.0-only */
/* measurements.c: results.jsonl, a measurement a line, and series (measurements.h). */
#include "report/measurements.h"

#include "report/diag.h"
#include "report/util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void add_warning(struct measurement *m, const char *code, const char *message)
{
	m->warnings = xrealloc(m->warnings, (m->nwarnings + 1) * sizeof *m->warnings);
	m->warnings[m->nwarnings].code = xstrdup(code);
	m->warnings[m->nwarnings].message = xstrdup(message);
	m->nwarnings++;
}

/* Flatten object o into attributes "prefix.key" (or "key"). */
static void flatten(struct attrs *a, const char *prefix, const struct jr_value *o)
{
	if (!o || o->type != JR_OBJECT)
		return;
	for (size_t i = 0; i < o->count; i++) {
		char *key = prefix ? xasprintf("%s.%s", prefix, o->keys[i]) : xstrdup(o->keys[i]);
		char *value = json_scalar_text(&o->items[i]);
		if (value)
			attrs_set(a, key, value);
		else
			flatten(a, key, &o->items[i]);
		free(value);
		free(key);
	}
}

/* One line of results.jsonl into m; false (with a warning) to skip it. */
static bool measurement_parse(struct run *r, const char *path, int lineno,
		      const char *text, size_t len, struct measurement *m)
{
	struct jr_error err;
	struct jr_value *j = jr_parse(text, len, &err);
	const struct jr_value *primary, *warnings;
	long long ver, rep;
	const char *workload, *metric, *suite;

	memset(m, 0, sizeof *m);
	if (!j) {
		warning_at(path, lineno, "not valid JSON (column %d: %s); line skipped",
			   err.column, err.message);
		return false;
	}
	m->json = j;
	if (j->type != JR_OBJECT) {
		warning_at(path, lineno, "not a JSON object; line skipped");
		goto skip;
	}
	if (!jr_int(jr_get(j, "format_version"), &ver)) {
		warning_at(path, lineno, "no format_version; line skipped");
		goto skip;
	}
	if (ver != 1 && ver != 2) {
		warning_at(path, lineno, "unknown format_version %lld (this report reads 1 and 2); line skipped", ver);
		goto skip;
	}
	workload = jr_str(jr_get(j, "workload"));
	if (!workload || !jr_get(j, "metrics") || jr_get(j, "metrics")->type != JR_OBJECT) {
		warning_at(path, lineno, "no workload or metrics; line skipped");
		goto skip;
	}
	suite = jr_str(jr_get(j, "suite"));
	if (suite && r->suite && strcmp(suite, r->suite) != 0) {
		warning_at(path, lineno, "suite \"%s\", but the run is of suite \"%s\"; line skipped",
			   suite, r->suite);
		goto skip;
	}
	if (suite && !r->suite)
		r->suite = xstrdup(suite);
	primary = jr_get(j, "primary");
	metric = jr_str(jr_get(primary, "metric"));
	m->metric = xstrdup(metric ? metric : "tps");
	m->unit = xstrdup(jr_str(jr_get(primary, "unit")) ? jr_str(jr_get(primary, "unit")) : m->metric);
	m->higher_is_better = true;
	if (jr_get(primary, "higher_is_better") && jr_get(primary, "higher_is_better")->type == JR_BOOL)
		m->higher_is_better = jr_get(primary, "higher_is_better")->boolean;
	if (!jr_num(jr_get(jr_get(j, "metrics"), m->metric), &m->value) || !isfinite(m->value)) {
		warning_at(path, lineno, "no number for the primary metric \"%s\"; line skipped", m->metric);
		goto skip;
	}
	m->run = r;
	m->source = xstrdup(path);
	m->line = lineno;
	m->workload = xstrdup(workload);
	m->id = xstrdup(jr_str(jr_get(j, "id")) ? jr_str(jr_get(j, "id")) : workload);
	m->repeat = jr_int(jr_get(j, "repeat"), &rep) ? (int)rep : 1;
	attrs_set(&m->attrs, "kernel", r->kernel);
	if (r->variant)
		attrs_set(&m->attrs, "variant", r->variant);
	attrs_set(&m->attrs, "run", r->name);
	attrs_set(&m->attrs, "argument", r->argument);
	if (ver == 1) {
		const char *t = jr_str(jr_path(r->json, "bench.filesystem.type"));
		const char *o = jr_str(jr_path(r->json, "bench.filesystem.mount_options"));
		if (t)
			attrs_set(&m->attrs, "filesystem.type", t);
		if (o)
			attrs_set(&m->attrs, "filesystem.mount_options", o);
	}
	flatten(&m->attrs, NULL, jr_get(j, "env"));
	flatten(&m->attrs, NULL, jr_get(j, "params"));
	if (jr_str(jr_get(j, "series")))
		m->series = xasprintf("%s/%s", r->path, jr_str(jr_get(j, "series")));
	warnings = jr_get(j, "warnings");
	for (size_t i = 0; warnings && warnings->type == JR_ARRAY && i < warnings->count; i++) {
		const char *code = jr_str(jr_get(&warnings->items[i], "code"));
		const char *msg = jr_str(jr_get(&warnings->items[i], "message"));
		if (code || msg)
			add_warning(m, code ? code : "warning", msg ? msg : "");
	}
	if (r->status && strcmp(r->status, "done") != 0) {
		char *msg = xasprintf("run %s %s%s%s", r->name, r->status,
				      r->reason ? ": " : "", r->reason ? r->reason : "");
		add_warning(m, strcmp(r->status, "running") == 0 ? "run-unfinished" :
			    strcmp(r->status, "interrupted") == 0 ? "run-interrupted" : "run-failed", msg);
		free(msg);
	}
	return true;
skip:
	measurement_free(m);
	return false;
}

void measurements_read(struct dataset *ds, struct run *r)
{
	char *path = xasprintf("%s/results.jsonl", r->path), *text;
	size_t len;
	int lineno = 0;

	text = read_file(path, &len);
	if (!text) {
		if (errno == ENOENT)
			warning_at(path, 0, "missing: the run has no measurements%s%s%s",
				   r->status ? " (status " : "", r->status ? r->status : "",
				   r->status ? ")" : "");
		else
			warning_at(NULL, 0, "could not read \"%s\":", path);
		free(path);
		return;
	}
	for (char *line = text; line < text + len;) {
		char *nl = memchr(line, '\n', (size_t)(text + len - line));
		size_t n = nl ? (size_t)(nl - line) : (size_t)(text + len - line);
		struct measurement m;

		lineno++;
		if (n > 0 && strspn(line, " \t\r") < n) {
			if (!nl)
				warning_at(path, lineno, "no newline at the end: the line may be cut short");
			if (measurement_parse(r, path, lineno, line, n, &m)) {
				grow(&ds->m, &ds->m_cap, ds->nm + 1, sizeof *ds->m);
				ds->m[ds->nm++] = m;
				r->measurements++;
			}
		}
		line += n + (nl ? 1 : 0);
	}
	if (r->measurements == 0 && lineno > 0)
		warning_at(path, 0, "no measurement could be read");
	else if (lineno == 0)
		warning_at(path, 0, "empty: the run has no measurements");
	free(text);
	free(path);
}

double *series_read(const struct measurement *m, const char *column, size_t *n)
{
	size_t len, cap = 0, count = 0;
	char *text, *save = NULL, *line;
	int col = -1, lineno = 0;
	double *out = NULL;

	*n = 0;
	if (!m->series)
		return NULL;
	text = read_file(m->series, &len);
	if (!text)
		return NULL;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *fsave = NULL, *field;
		int i = 0;
		lineno++;
		if (lineno == 1) {
			for (field = strtok_r(line, ",\r", &fsave); field; field = strtok_r(NULL, ",\r", &fsave), i++)
				if (strcmp(field, column) == 0)
					col = i;
			if (col < 0)
				break;
			continue;
		}
		for (field = strtok_r(line, ",\r", &fsave); field && i < col; field = strtok_r(NULL, ",\r", &fsave))
			i++;
		double v;
		if (field && is_number(field, &v)) {
			grow(&out, &cap, count + 1, sizeof *out);
			out[count++] = v;
		}
	}
	free(text);
	*n = count;
	return out;
}
