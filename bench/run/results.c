/* SPDX-License-Identifier: GPL-2.0-only */
/* results.c: write results.jsonl lines. */
#include "bench/run/results.h"
#include "bench/msg.h"
#include "bench/os/fsio.h"

#include <stdlib.h>
#include <unistd.h>

#include "common/json.h"

#include <string.h>

/* A section's keys: whole numbers as numbers, the rest as text. */
static void write_section(struct json *j, const char *key,
			  const struct bench_case *c, const char *section)
{
	const struct suite *s = c->s;

	json_object_begin(j, key);
	for (size_t i = 0; i < s->n_params; i++) {
		const struct suite_param *p = &s->params[i];
		if (strcmp(p->section, section) != 0)
			continue;
		const char *v = p->values[c->choice[i]];
		bool b;
		if (p->def && p->def->kind == SK_INT)
			json_int(j, p->key, strtoll(v, NULL, 10));
		else if (p->def && p->def->kind == SK_BOOL && suite_parse_bool(v, &b))
			json_bool(j, p->key, b);
		else
			json_string(j, p->key, v);
	}
}

static void write_env(struct json *j, const struct results_line *m)
{
	json_object_begin(j, "env");
	write_section(j, "filesystem", m->c, "filesystem");
	if (m->mkfs_command)
		json_string(j, "mkfs_command", m->mkfs_command);
	json_object_end(j);
	write_section(j, "postgresql", m->c, "postgresql");
	json_object_end(j);
	/* [sysctl] and [machine] when the suite has them. */
	for (size_t i = 0; i < m->c->s->n_sections; i++) {
		const char *name = m->c->s->sections[i].name;
		if (strcmp(name, "sysctl") == 0 || strcmp(name, "machine") == 0) {
			write_section(j, name, m->c, name);
			json_object_end(j);
		}
	}
	json_object_end(j);
}

static void write_metrics(struct json *j, const struct measurement_out *o)
{
	json_object_begin(j, "metrics");
	for (size_t i = 0; i < o->n_metrics; i++)
		json_double(j, o->metrics[i].name, o->metrics[i].value);
	json_object_end(j);
	json_object_begin(j, "primary");
	json_string(j, "metric", o->primary);
	json_string(j, "unit", o->unit);
	json_bool(j, "higher_is_better", o->higher_is_better);
	json_object_end(j);
	if (o->series[0])
		json_string(j, "series", o->series);
	else
		json_null(j, "series");
}

static void write_system(struct json *j, const struct results_line *m)
{
	if (m->cpu) {
		json_object_begin(j, "cpu");
		json_double(j, "user_pct", m->cpu->user);
		json_double(j, "system_pct", m->cpu->system);
		json_double(j, "iowait_pct", m->cpu->iowait);
		json_double(j, "idle_pct", m->cpu->idle);
		json_double(j, "other_pct", m->cpu->other);
		json_object_end(j);
	} else {
		json_null(j, "cpu");
	}
	if (m->disk_device && m->disk) {
		json_object_begin(j, "disk");
		json_string(j, "device", m->disk_device);
		json_int(j, "read_bytes", (long long)m->disk->read_bytes);
		json_int(j, "write_bytes", (long long)m->disk->write_bytes);
		json_int(j, "reads", (long long)m->disk->reads);
		json_int(j, "writes", (long long)m->disk->writes);
		json_double(j, "busy_pct", m->disk->busy_pct);
		json_object_end(j);
	} else {
		json_null(j, "disk");
	}
}

/* The per-second samples' summary: {mean, p99} of each figure, or null. */
/* How the window's quiet start went (quiet.h). */
static void write_quiet(struct json *j, const struct quiet *q)
{
	if (!q) {
		json_null(j, "quiet");
		return;
	}
	json_object_begin(j, "quiet");
	json_bool(j, "reached", q->reached);
	json_double(j, "seconds", (long long)(q->seconds * 1e4 + 0.5) / 1e4);
	json_double(j, "sync_s", (long long)(q->sync_s * 1e4 + 0.5) / 1e4);
	json_int(j, "dirty_kib", q->dirty_kib);
	json_int(j, "writeback_kib", q->writeback_kib);
	json_bool(j, "lazyinit", q->lazyinit);
	json_int(j, "polls", q->polls);
	if (q->reached)
		json_null(j, "still");
	else
		json_string(j, "still", q->still);
	json_object_end(j);
}

static void write_monitors(struct json *j, const struct monitor_summary *mon)
{
	if (!mon) {
		json_null(j, "monitors");
		return;
	}
	json_object_begin(j, "monitors");
	json_string(j, "series", mon->series);
	json_int(j, "rows", (long long)mon->rows);
	if (mon->sampler_cpu_s >= 0)
		json_double(j, "sampler_cpu_s", mon->sampler_cpu_s);
	else
		json_null(j, "sampler_cpu_s");
	for (int k = 0; k < MONITOR_SUMMARY_FIGURES; k++) {
		const struct monitor_stat *st = &mon->stat[k];
		if (st->n == 0) {
			json_null(j, monitor_figures[k].name);
			continue;
		}
		json_object_begin(j, monitor_figures[k].name);
		json_double(j, "mean", st->mean);
		json_double(j, "p99", st->p99);
		json_object_end(j);
	}
	json_object_end(j);
}

/* The case's profile (profiler.h), or its error; nothing when the suite
 * asks for none. */
static void write_profile(struct json *j, const struct profile_result *p)
{
	if (!p)
		return;
	json_object_begin(j, "profile");
	if (p->error[0]) {
		json_string(j, "error", p->error);
		json_string(j, "log", p->log);
		json_object_end(j);
		return;
	}
	json_string(j, "file", p->file);
	json_string(j, "event", p->event);
	json_int(j, "frequency", p->frequency);
	json_string(j, "call_graph", p->call_graph);
	json_double(j, "seconds", p->seconds);
	json_int(j, "samples", p->samples);
	json_int(j, "bytes", p->bytes);
	json_string(j, "buildids", p->buildids);
	json_string(j, "kallsyms", "profiles/kallsyms");
	json_string(j, "log", p->log);
	json_object_end(j);
}

/* The facts, one object per name, in the order the names came. */
static void write_facts(struct json *j, const struct measurement_out *o)
{
	for (size_t i = 0; i < o->n_facts; i++) {
		const char *object = o->facts[i].object;
		bool done = false;
		for (size_t k = 0; k < i && !done; k++)
			done = strcmp(o->facts[k].object, object) == 0;
		if (done)
			continue;
		json_object_begin(j, object);
		for (size_t k = i; k < o->n_facts; k++) {
			const struct measure_fact *f = &o->facts[k];
			if (strcmp(f->object, object) != 0)
				continue;
			if (f->text[0])
				json_string(j, f->key, f->text);
			else
				json_double(j, f->key, f->value);
		}
		json_object_end(j);
	}
}

static void write_warnings(struct json *j, const struct measurement_out *o)
{
	json_array_begin(j, "warnings");
	for (size_t i = 0; i < o->n_warnings; i++) {
		json_object_begin(j, NULL);
		json_string(j, "code", o->warnings[i].code);
		json_string(j, "message", o->warnings[i].message);
		json_object_end(j);
	}
	json_array_end(j);
}

void results_write_line(FILE *out, const struct results_line *m)
{
	const struct bench_case *c = m->c;
	struct json j;

	json_init(&j, out, false);
	json_object_begin(&j, NULL);
	json_int(&j, "format_version", RESULTS_FORMAT_VERSION);
	json_string(&j, "run_id", m->run_id);
	json_string(&j, "suite", c->s->name);
	json_int(&j, "case", c->index);
	json_string(&j, "id", c->id);
	json_string(&j, "group", c->group);
	json_string(&j, "workload", c->workload);
	json_int(&j, "repeat", c->repeat);
	json_int(&j, "repeats", c->s->repeats);
	write_env(&j, m);
	write_section(&j, "params", c, c->workload);
	json_object_end(&j);
	write_metrics(&j, m->out);
	write_system(&j, m);
	write_monitors(&j, m->monitors);
	write_quiet(&j, m->quiet);
	write_profile(&j, m->profile);
	write_facts(&j, m->out);
	write_warnings(&j, m->out);
	json_string(&j, "started_utc", m->started_utc);
	json_double(&j, "seconds", m->seconds);
	json_object_end(&j);
	fputc('\n', out);
}

int results_append(int fd, const char *path, const struct results_line *m)
{
	char *line = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&line, &len);

	if (!mem)
		return fail("could not allocate a results line:");
	results_write_line(mem, m);
	if (fclose(mem) != 0) {
		free(line);
		return fail("could not format a results line:");
	}
	int rc = 0;
	if (write_all(fd, line, len) < 0)
		rc = fail("could not append to \"%s\":", path);
	else if (fsync(fd) < 0)
		rc = fail("could not fsync \"%s\":", path);
	free(line);
	return rc;
}
