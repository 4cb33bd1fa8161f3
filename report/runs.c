/* SPDX-License-Identifier: GPL-2.0-only */
/* runs.c: find run directories, read run.json and results.jsonl. */
#include "report/runs.h"

#include "report/diag.h"
#include "report/util.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void attrs_set(struct attrs *a, const char *key, const char *value)
{
	for (size_t i = 0; i < a->n; i++) {
		if (strcmp(a->v[i].key, key) == 0) {
			free(a->v[i].value);
			a->v[i].value = xstrdup(value);
			return;
		}
	}
	grow(&a->v, &a->cap, a->n + 1, sizeof *a->v);
	a->v[a->n].key = xstrdup(key);
	a->v[a->n].value = xstrdup(value);
	a->n++;
}

const char *attrs_get(const struct attrs *a, const char *key)
{
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->v[i].key, key) == 0)
			return a->v[i].value;
	return NULL;
}

void attrs_free(struct attrs *a)
{
	for (size_t i = 0; i < a->n; i++) {
		free(a->v[i].key);
		free(a->v[i].value);
	}
	free(a->v);
	memset(a, 0, sizeof *a);
}

char *json_scalar_text(const struct jr_value *v)
{
	if (!v)
		return NULL;
	switch (v->type) {
	case JR_STRING: return xstrdup(v->string);
	case JR_NUMBER: return xasprintf("%.15g", v->number);
	case JR_BOOL: return xstrdup(v->boolean ? "true" : "false");
	case JR_NULL: return xstrdup("null");
	default: return NULL;
	}
}

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

static void fact_str(struct run *r, const char *key, const char *value)
{
	if (value && *value)
		attrs_set(&r->facts, key, value);
}

/* "3 mitigated, 2 vulnerable (mds spectre_v1), 14 not affected, #1a2b3c4d":
 * the CPU vulnerabilities of run.json by kind, and a digest (FNV-1a) of
 * every name and status, so that two runs whose mitigations differ only
 * in how they mitigate do not look alike. */
static char *mitigations_summary(const struct jr_value *v)
{
	size_t mitigated = 0, vulnerable = 0, unaffected = 0, other = 0;
	uint32_t h = 2166136261u;
	char *names = xstrdup(""), *s, rest[32] = "";

	for (size_t i = 0; i < v->count; i++) {
		const char *status = jr_str(&v->items[i]);
		const char *parts[] = { v->keys[i], "=", status ? status : "null", "\n" };

		for (size_t p = 0; p < 4; p++)
			for (const char *c = parts[p]; *c; c++)
				h = (h ^ (unsigned char)*c) * 16777619u;
		if (!status)
			other++;
		else if (strncmp(status, "Not affected", 12) == 0)
			unaffected++;
		else if (strncmp(status, "Mitigation", 10) == 0)
			mitigated++;
		else if (strncmp(status, "Vulnerable", 10) == 0) {
			char *n = xasprintf("%s%s%s", names, vulnerable ? " " : "", v->keys[i]);
			free(names);
			names = n;
			vulnerable++;
		} else
			other++;
	}
	if (other) {
		s = xasprintf(", %zu other", other);
		snprintf(rest, sizeof rest, "%s", s);
		free(s);
	}
	s = xasprintf("%zu mitigated, %zu vulnerable%s%s%s, %zu not affected%s, #%08x",
		      mitigated, vulnerable, vulnerable ? " (" : "", names, vulnerable ? ")" : "",
		      unaffected, rest, (unsigned)h);
	free(names);
	return s;
}

/* "tree /src/linux, build id 4f1c2a, git 0123abcd, image #ed8f0dbdbefe":
 * which build of the kernel ran (run.json kernel.build); NULL if none. */
static char *kernel_build_summary(const struct jr_value *j)
{
	const char *kind = jr_str(jr_path(j, "kernel.build.kind"));
	const char *source = jr_str(jr_path(j, "kernel.build.source"));
	const char *id = jr_str(jr_path(j, "kernel.build.build_id"));
	const char *git = jr_str(jr_path(j, "kernel.build.git_commit"));
	const char *image = jr_str(jr_path(j, "kernel.build.image_sha256"));

	if (!kind && !source)
		return NULL;
	return xasprintf("%s %s%s%s%s%s%s%.12s", kind ? kind : "(unknown)", source ? source : "(unknown)",
			 id ? ", build id " : "", id ? id : "", git ? ", git " : "", git ? git : "",
			 image ? ", image #" : "", image ? image : "");
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

/* The kernel's settings (run.json kernel.config, .mitigations,
 * .transparent_hugepage, .clocksource, .numa), the profiles the suite
 * took (bench.profile) and the image's build (image.id, image.postgresql);
 * runs written before these keys have none of these facts. */
static void collect_setting_facts(struct run *r)
{
	const struct jr_value *j = r->json, *v;
	const char *a, *b;
	long long n;
	char *s;

	if ((a = jr_str(jr_path(j, "kernel.config.sha256")))) {
		s = xasprintf("sha256 %.12s", a);
		fact_str(r, "kernel config", s);
		free(s);
	}
	if ((s = kernel_build_summary(j))) {
		fact_str(r, "kernel build", s);
		free(s);
	}
	v = jr_path(j, "kernel.mitigations");
	if (v && v->type == JR_OBJECT) {
		s = mitigations_summary(v);
		fact_str(r, "mitigations", s);
		free(s);
	}
	a = jr_str(jr_path(j, "kernel.transparent_hugepage.enabled"));
	b = jr_str(jr_path(j, "kernel.transparent_hugepage.defrag"));
	if (a || b) {
		s = xasprintf("enabled %s, defrag %s", a ? a : "(unknown)", b ? b : "(unknown)");
		fact_str(r, "THP", s);
		free(s);
	}
	fact_str(r, "clocksource", jr_str(jr_path(j, "kernel.clocksource")));
	fact_str(r, "variant", r->variant);
	v = jr_path(j, "bench.profile");
	if (v && v->type == JR_OBJECT) {
		long long hz = 0;
		const char *event = jr_str(jr_get(v, "event"));
		const char *graph = jr_str(jr_get(v, "call_graph"));
		jr_int(jr_get(v, "frequency"), &hz);
		s = xasprintf("%s, %s at %lld Hz, call graphs %s",
			      jr_str(jr_get(v, "kind")) ? jr_str(jr_get(v, "kind")) : "(unknown)",
			      event ? event : "(unknown)", hz, graph ? graph : "(unknown)");
		fact_str(r, "profile", s);
		free(s);
	}
	if ((a = jr_str(jr_path(j, "kernel.numa.online")))) {
		if (jr_int(jr_path(j, "kernel.numa.nodes"), &n))
			s = xasprintf("%lld (online %s)", n, a);
		else
			s = xasprintf("online %s", a);
		fact_str(r, "NUMA nodes", s);
		free(s);
	}
	fact_str(r, "image", jr_str(jr_path(j, "image.id")));
	v = jr_path(j, "image.postgresql");
	if (v && v->type == JR_OBJECT) {
		const char *cc = jr_str(jr_get(v, "cc")), *ver = jr_str(jr_get(v, "cc_version"));
		const char *cflags = jr_str(jr_get(v, "cflags")), *alloc = jr_str(jr_get(v, "allocator"));
		const char *memcpy_src = jr_str(jr_get(v, "memcpy"));
		s = xasprintf("%s (%s), CFLAGS %s, allocator %s%s%s", cc ? cc : "(unknown)",
			      ver ? ver : "(unknown)", cflags ? (*cflags ? cflags : "(none)") : "(unknown)",
			      alloc ? alloc : "(unknown)", memcpy_src ? ", memcpy " : "",
			      memcpy_src ? memcpy_src : "");
		fact_str(r, "PostgreSQL build", s);
		free(s);
	}
}

/* What describes the machine and the setup, for the header's comparison. */
static void collect_facts(struct run *r)
{
	const struct jr_value *j = r->json, *v;
	long long n;
	char *s;

	if (jr_str(jr_path(j, "cpu.model"))) {
		if (jr_int(jr_path(j, "cpu.count"), &n))
			s = xasprintf("%s x%lld", jr_str(jr_path(j, "cpu.model")), n);
		else
			s = xstrdup(jr_str(jr_path(j, "cpu.model")));
		fact_str(r, "CPU", s);
		free(s);
	}
	if (jr_int(jr_path(j, "memory.total_kib"), &n) && n > 0) {
		/* MemTotal is the memory less what the kernel keeps, which
		 * differs between kernels: round it up to an eighth of the next
		 * power of two (2048 MiB for anything from 1793 to 2048). */
		long long mib = (n + 1023) / 1024, p = 1, step;
		while (p < mib)
			p *= 2;
		step = p >= 8 ? p / 8 : 1;
		s = xasprintf("%lld MiB", (mib + step - 1) / step * step);
		fact_str(r, "RAM", s);
		free(s);
	}
	if (jr_int(jr_path(j, "target.size_bytes"), &n)) {
		const char *model = jr_str(jr_path(j, "target.model"));
		const char *vendor = jr_str(jr_path(j, "target.vendor"));
		const struct jr_value *rot = jr_path(j, "target.rotational");
		s = xasprintf("%lld MiB%s%s%s%s%s", n >> 20,
			      model ? " " : "", model ? model : "",
			      !model && vendor ? " vendor " : "", !model && vendor ? vendor : "",
			      rot && rot->type == JR_BOOL ? (rot->boolean ? ", rotational" : ", non-rotational") : "");
		fact_str(r, "target", s);
		free(s);
	}
	if (jr_str(jr_path(j, "bench.postgresql.version"))) {
		const char *ver = jr_str(jr_path(j, "bench.postgresql.version"));
		const char *on = strstr(ver, " on ");
		s = on ? xasprintf("%.*s", (int)(on - ver), ver) : xstrdup(ver);
		fact_str(r, "PostgreSQL", s);
		free(s);
	}
	v = jr_path(j, "bench.filesystem.mkfs_command");
	if (v && v->type == JR_ARRAY && v->count > 0) {
		size_t len = 1;
		for (size_t i = 0; i + 1 < v->count; i++)
			len += (jr_str(&v->items[i]) ? strlen(v->items[i].string) : 0) + 1;
		s = xcalloc(1, len);
		/* The last argument is the device: not part of the profile. */
		for (size_t i = 0; i + 1 < v->count; i++) {
			const char *arg = jr_str(&v->items[i]);
			if (!arg)
				continue;
			if (i == 0 && strrchr(arg, '/'))
				arg = strrchr(arg, '/') + 1;
			if (*s)
				strcat(s, " ");
			strcat(s, arg);
		}
		fact_str(r, "mkfs", s);
		free(s);
	}
	fact_str(r, "mount options", jr_str(jr_path(j, "bench.filesystem.mount_options")));
	collect_setting_facts(r);
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
			diag_warn(NULL, 0, "could not read \"%s\":", path);
		else if (missing)
			diag_warn(path, 0, "missing; %s", missing);
		return NULL;
	}
	j = jr_parse(text, len, &err);
	free(text);
	if (!j)
		diag_warn(path, err.line, "not valid JSON (column %d: %s); %s", err.column, err.message,
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
	fact_str(r, "clock", r->clock);
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
		diag_warn(path, j->line, "not a JSON object; ignored");
	} else if (!jr_int(jr_get(j, "format_version"), &ver)) {
		diag_warn(path, j->line, "no format_version; ignored");
	} else if (ver != 1) {
		diag_warn(path, jr_get(j, "format_version")->line,
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
		collect_facts(r);
		free(path);
		return;
	}
	jr_free(j);
	free(path);
}

/* Read DIR/host.json, the host's conditions during a QEMU boot (written by
 * qemu/run), into facts: "host" (its CPU, governor and the accelerator)
 * and "host load" (quiet, busy or loaded: how much of its CPU others
 * used).  None when the file is absent (a run on real hardware); a
 * warning when it is bad. */
static void read_host_json(struct run *r)
{
	char *path = xasprintf("%s/host.json", r->path), *s;
	struct jr_value *j = read_json(path, NULL, "ignored");
	const char *model, *accel, *gov, *load;
	long long cpus;

	if (!j) {
		free(path);
		return;
	}
	model = jr_str(jr_get(j, "cpu_model"));
	accel = jr_str(jr_get(j, "accelerator"));
	gov = jr_str(jr_get(j, "governor"));
	load = jr_str(jr_get(j, "load"));
	if (j->type != JR_OBJECT || !model || !accel || !load || !jr_int(jr_get(j, "cpus"), &cpus)) {
		diag_warn(path, j->line, "no cpu_model, cpus, accelerator or load; ignored");
	} else {
		s = xasprintf("%s x%lld, governor %s, %s", model, cpus, gov ? gov : "(none)", accel);
		fact_str(r, "host", s);
		free(s);
		fact_str(r, "host load", load);
	}
	jr_free(j);
	free(path);
}

/* ---- results.jsonl ---- */

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

void measurement_free(struct measurement *m)
{
	free(m->source);
	free(m->workload);
	free(m->id);
	attrs_free(&m->attrs);
	free(m->metric);
	free(m->unit);
	jr_free(m->json);
	free(m->series);
	for (size_t i = 0; i < m->nwarnings; i++) {
		free(m->warnings[i].code);
		free(m->warnings[i].message);
	}
	free(m->warnings);
}

/* One line of results.jsonl into m; false (with a warning) to skip it. */
static bool read_line(struct run *r, const char *path, int lineno,
		      const char *text, size_t len, struct measurement *m)
{
	struct jr_error err;
	struct jr_value *j = jr_parse(text, len, &err);
	const struct jr_value *primary, *warnings;
	long long ver, rep;
	const char *workload, *metric, *suite;

	memset(m, 0, sizeof *m);
	if (!j) {
		diag_warn(path, lineno, "not valid JSON (column %d: %s); line skipped",
			  err.column, err.message);
		return false;
	}
	m->json = j;
	if (j->type != JR_OBJECT) {
		diag_warn(path, lineno, "not a JSON object; line skipped");
		goto skip;
	}
	if (!jr_int(jr_get(j, "format_version"), &ver)) {
		diag_warn(path, lineno, "no format_version; line skipped");
		goto skip;
	}
	if (ver != 1 && ver != 2) {
		diag_warn(path, lineno, "unknown format_version %lld (this report reads 1 and 2); line skipped", ver);
		goto skip;
	}
	workload = jr_str(jr_get(j, "workload"));
	if (!workload || !jr_get(j, "metrics") || jr_get(j, "metrics")->type != JR_OBJECT) {
		diag_warn(path, lineno, "no workload or metrics; line skipped");
		goto skip;
	}
	suite = jr_str(jr_get(j, "suite"));
	if (suite && r->suite && strcmp(suite, r->suite) != 0) {
		diag_warn(path, lineno, "suite \"%s\", but the run is of suite \"%s\"; line skipped",
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
		diag_warn(path, lineno, "no number for the primary metric \"%s\"; line skipped", m->metric);
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

static void read_results(struct dataset *ds, struct run *r)
{
	char *path = xasprintf("%s/results.jsonl", r->path), *text;
	size_t len;
	int lineno = 0;

	text = read_file(path, &len);
	if (!text) {
		if (errno == ENOENT)
			diag_warn(path, 0, "missing: the run has no measurements%s%s%s",
				  r->status ? " (status " : "", r->status ? r->status : "",
				  r->status ? ")" : "");
		else
			diag_warn(NULL, 0, "could not read \"%s\":", path);
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
				diag_warn(path, lineno, "no newline at the end: the line may be cut short");
			if (read_line(r, path, lineno, line, n, &m)) {
				grow(&ds->m, &ds->m_cap, ds->nm + 1, sizeof *ds->m);
				ds->m[ds->nm++] = m;
				r->measurements++;
			}
		}
		line += n + (nl ? 1 : 0);
	}
	if (r->measurements == 0 && lineno > 0)
		diag_warn(path, 0, "no measurement could be read");
	else if (lineno == 0)
		diag_warn(path, 0, "empty: the run has no measurements");
	free(text);
	free(path);
}

/* ---- directories ---- */

static void run_free(struct run *r)
{
	free(r->path);
	free(r->name);
	free(r->argument);
	jr_free(r->json);
	free(r->kernel);
	free(r->variant);
	free(r->suite);
	free(r->status);
	free(r->reason);
	free(r->clock);
	attrs_free(&r->facts);
	free(r);
}

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
			diag_warn(p, s ? s->line : 0,
				  "run of suite \"%s\", not \"%s\" like %s: run skipped",
				  r->suite, first->suite, first->name);
			free(p);
			run_free(r);
			return;
		}
	}
	grow(&ds->runs, &ds->runs_cap, ds->nruns + 1, sizeof *ds->runs);
	ds->runs[ds->nruns++] = r;
	read_results(ds, r);
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
		diag_warn(NULL, 0, "could not open directory \"%s\":", dir);
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
			diag_warn(p, 0, "not a directory:");
			continue;
		}
		if (is_run_dir(p)) {
			read_run(ds, p, p);
			continue;
		}
		runs = xasprintf("%s/runs", p);
		if (!(is_dir(runs) ? read_dir_of_runs(ds, runs, p) : read_dir_of_runs(ds, p, p)))
			diag_warn(p, 0, "no run directories (with run.json or results.jsonl) found");
		free(runs);
	}
	dataset_sort(ds);
	return ds->nm;
}

static int cmp_runs(const void *a, const void *b)
{
	const struct run *x = *(struct run *const *)a, *y = *(struct run *const *)b;
	int c = strcmp(x->name, y->name);

	return c ? c : strcmp(x->path, y->path);
}

static int cmp_measurements(const void *a, const void *b)
{
	const struct measurement *x = a, *y = b;
	int c = cmp_runs(&x->run, &y->run);

	return c ? c : (x->line > y->line) - (x->line < y->line);
}

void dataset_sort(struct dataset *ds)
{
	/* an empty dataset has NULL arrays, which qsort must not be given */
	if (ds->nruns > 1)
		qsort(ds->runs, ds->nruns, sizeof *ds->runs, cmp_runs);
	if (ds->nm > 1)
		qsort(ds->m, ds->nm, sizeof *ds->m, cmp_measurements);
}

void dataset_free(struct dataset *ds)
{
	for (size_t i = 0; i < ds->nm; i++)
		measurement_free(&ds->m[i]);
	free(ds->m);
	for (size_t i = 0; i < ds->nruns; i++)
		run_free(ds->runs[i]);
	free(ds->runs);
	memset(ds, 0, sizeof *ds);
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
