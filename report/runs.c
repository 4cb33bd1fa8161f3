/* SPDX-License-Identifier: GPL-2.0-only */
/* runs.c: find run directories, read their run.json and host.json. */
#include "report/runs.h"

#include "report/diag.h"
#include "report/measurements.h"
#include "report/run_facts.h"
#include "report/util.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

static bool is_run_dir(const char *path)
{
	char *a = xasprintf("%s/run.json", path), *b = xasprintf("%s/results.jsonl", path);
	bool yes = exists(a) || exists(b);

	free(a);
	free(b);
	return yes;
}

/* ---- run.json ---- */

/* The kernel release in a run directory name <time>_<release>_<id>. */
static char *kernel_from_name(const char *name)
{
	const char *first = strchr(name, '_'), *last = strrchr(name, '_');

	if (!first || last == first)
		return xstrdup("(unknown)");
	return xasprintf("%.*s", (int)(last - first - 1), first + 1);
}

/* The kernel column of a run: its release, and for a kernel that is not
 * one of Debian's the name it was prepared under, <release>@<name> like
 * its directory in out/kernels (two builds of one release are two
 * columns). */
static void kernel_column(struct run *r, const struct jr_value *j)
{
	const char *release = jr_str(jr_path(j, "kernel.release"));
	const char *name = jr_str(jr_path(j, "kernel.build.name"));
	const char *kind = jr_str(jr_path(j, "kernel.build.kind"));

	if (!release)
		return;
	free(r->kernel);
	if (name && kind && strcmp(kind, "debian") != 0)
		r->kernel = xasprintf("%s@%s", release, name);
	else
		r->kernel = xstrdup(release);
}

/* The JSON file at path, or NULL after a warning: "could not read", "missing;
 * <missing>" (no warning for a missing file when missing is NULL), or "not
 * valid JSON (...); <then>". */
static struct jr_value *read_json(const char *path, const char *missing, const char *then)
{
	struct jr_error err;
	struct jr_value *j;
	size_t len;
	char *text = read_file(path, &len);

	if (!text) {
		if (errno != ENOENT)
			warning_at(NULL, 0, "could not read \"%s\":", path);
		else if (missing)
			warning_at(path, 0, "missing; %s", missing);
		return NULL;
	}
	j = jr_parse(text, len, &err);
	free(text);
	if (!j)
		warning_at(path, err.line, "not valid JSON (column %d: %s); %s", err.column, err.message,
			   then);
	return j;
}

/* run.json's clock (doc/clocks.md) as "host" or "instructions:N", and
 * for instruction time the fact "clock" (the header compares it). */
static void read_clock(struct run *r, const struct jr_value *j)
{
	const char *mode = jr_str(jr_path(j, "clock.mode"));
	long long shift;

	if (!mode || strcmp(mode, "instructions") != 0 || !jr_int(jr_path(j, "clock.shift"), &shift))
		return;
	free(r->clock);
	r->clock = xasprintf("instructions:%lld", shift);
	attrs_set(&r->facts, "clock", r->clock);
}

/* Read DIR/run.json into r; a warning and r->json NULL when it is bad. */
static void read_run_json(struct run *r)
{
	char *path = xasprintf("%s/run.json", r->path);
	struct jr_value *j;
	long long ver;

	j = read_json(path, "kernel taken from the directory name",
		      "kernel taken from the directory name");
	if (!j) {
		free(path);
		return;
	}
	if (j->type != JR_OBJECT) {
		warning_at(path, j->line, "not a JSON object; ignored");
	} else if (!jr_int(jr_get(j, "format_version"), &ver)) {
		warning_at(path, j->line, "no format_version; ignored");
	} else if (ver != 1) {
		warning_at(path, jr_get(j, "format_version")->line,
			   "unknown format_version %lld (this report reads 1); ignored", ver);
	} else {
		r->json = j;
		kernel_column(r, j);
		read_clock(r, j);
		if (jr_str(jr_path(j, "variant.name")))
			r->variant = xstrdup(jr_str(jr_path(j, "variant.name")));
		if (jr_str(jr_path(j, "suite.name")))
			r->suite = xstrdup(jr_str(jr_path(j, "suite.name")));
		else if (jr_str(jr_path(j, "parameters.suite")))
			r->suite = xstrdup(jr_str(jr_path(j, "parameters.suite")));
		if (jr_str(jr_get(j, "status")))
			r->status = xstrdup(jr_str(jr_get(j, "status")));
		if (jr_str(jr_get(j, "reason")))
			r->reason = xstrdup(jr_str(jr_get(j, "reason")));
		run_facts_collect(r);
		free(path);
		return;
	}
	jr_free(j);
	free(path);
}

/* Read DIR/host.json, the host's conditions during a QEMU boot (written by
 * qemu/run), into facts (run_facts.h).  None when the file is absent (a run
 * on real hardware); a warning when it is bad. */
static void read_host_json(struct run *r)
{
	char *path = xasprintf("%s/host.json", r->path);
	struct jr_value *j = read_json(path, NULL, "ignored");

	if (j)
		run_facts_host(r, path, j);
	jr_free(j);
	free(path);
}

/* ---- directories ---- */

static void read_run(struct dataset *ds, const char *path, const char *argument)
{
	struct run *r = xcalloc(1, sizeof *r);
	const char *slash;

	r->path = path_trimmed(path);
	r->argument = path_trimmed(argument);
	slash = strrchr(r->path, '/');
	r->name = xstrdup(slash ? slash + 1 : r->path);
	r->kernel = kernel_from_name(r->name);
	r->clock = xstrdup("host");
	read_run_json(r);
	read_host_json(r);
	/* Runs of another suite than the first run's are not comparable. */
	if (r->suite && ds->nruns > 0) {
		const struct run *first = NULL;
		for (size_t i = 0; i < ds->nruns && !first; i++)
			if (ds->runs[i]->suite)
				first = ds->runs[i];
		if (first && strcmp(first->suite, r->suite) != 0) {
			const struct jr_value *s = jr_path(r->json, "suite.name");
			char *p = xasprintf("%s/run.json", r->path);
			warning_at(p, s ? s->line : 0,
				   "run of suite \"%s\", not \"%s\" like %s: run skipped",
				   r->suite, first->suite, first->name);
			free(p);
			run_free(r);
			return;
		}
	}
	grow(&ds->runs, &ds->runs_cap, ds->nruns + 1, sizeof *ds->runs);
	ds->runs[ds->nruns++] = r;
	measurements_read(ds, r);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The run directories directly under dir, sorted by name. */
static size_t read_dir_of_runs(struct dataset *ds, const char *dir, const char *argument)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0, found = 0;

	if (!d) {
		warning_at(NULL, 0, "could not open directory \"%s\":", dir);
		return 0;
	}
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		grow(&names, &cap, n + 1, sizeof *names);
		names[n++] = xasprintf("%s/%s", dir, e->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof *names, cmp_str);
	for (size_t i = 0; i < n; i++) {
		if (is_dir(names[i]) && is_run_dir(names[i])) {
			read_run(ds, names[i], argument);
			found++;
		}
		free(names[i]);
	}
	free(names);
	return found;
}

size_t dataset_read(struct dataset *ds, char **paths, size_t npaths)
{
	for (size_t i = 0; i < npaths; i++) {
		const char *p = paths[i];
		char *runs;

		if (!is_dir(p)) {
			warning_at(p, 0, "not a directory:");
			continue;
		}
		if (is_run_dir(p)) {
			read_run(ds, p, p);
			continue;
		}
		runs = xasprintf("%s/runs", p);
		if (!(is_dir(runs) ? read_dir_of_runs(ds, runs, p) : read_dir_of_runs(ds, p, p)))
			warning_at(p, 0, "no run directories (with run.json or results.jsonl) found");
		free(runs);
	}
	dataset_sort(ds);
	return ds->nm;
}
