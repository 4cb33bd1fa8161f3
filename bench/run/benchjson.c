/* SPDX-License-Identifier: GPL-2.0-only */
/* benchjson.c: write bench.json. */
#include "bench/run/benchjson.h"
#include "bench/msg.h"
#include "bench/os/fsio.h"
#include "bench/pg/pg.h"
#include "bench/run/cluster_source.h"
#include "bench/run/profiler.h"
#include "bench/suite/matrix.h"

#include <stdlib.h>
#include <string.h>

#include "common/json.h"

/* The features mkfs was told to set ("none" only clears the defaults). */
static void write_features(struct json *j, const char *list)
{
	char buf[512];

	json_array_begin(j, "features");
	snprintf(buf, sizeof(buf), "%s", list);
	for (char *save = NULL, *f = strtok_r(buf, ",", &save); f;
	     f = strtok_r(NULL, ",", &save))
		if (strcmp(f, "none") != 0)
			json_string(j, NULL, f);
	json_array_end(j);
}

static void write_argv(struct json *j, const char *key, const char *const *argv)
{
	json_array_begin(j, key);
	for (size_t i = 0; argv[i]; i++)
		json_string(j, NULL, argv[i]);
	json_array_end(j);
}

static void write_version(struct json *j, const char *version)
{
	if (version && version[0])
		json_string(j, "mkfs_version", version);
	else
		json_null(j, "mkfs_version");
}

static void write_filesystem(struct json *j, const struct record *r)
{
	const struct fs_config *fs = r->fs;

	if (!fs || !r->volumes[0].role) {
		json_null(j, "filesystem");
		return;
	}
	json_object_begin(j, "filesystem");
	json_string(j, "type", fs->type);
	write_argv(j, "mkfs_command", r->volumes[0].mkfs_argv);
	write_version(j, r->volumes[0].mkfs_version);
	json_string(j, "profile", fs->profile);
	write_features(j, fs->features);
	json_string(j, "mount_options", fs->mount_options);
	json_string(j, "scheduler", fs->scheduler);
	json_int(j, "readahead_kb", fs->readahead_kb);
	json_object_end(j);
}

static void write_volumes(struct json *j, const struct record *r)
{
	json_array_begin(j, "volumes");
	for (size_t i = 0; i < sizeof(r->volumes) / sizeof(r->volumes[0]); i++) {
		const struct record_volume *v = &r->volumes[i];
		if (!v->role)
			continue;
		json_object_begin(j, NULL);
		json_string(j, "role", v->role);
		json_string(j, "device", v->device);
		json_string(j, "mountpoint", v->mountpoint);
		write_argv(j, "mkfs_command", v->mkfs_argv);
		write_version(j, v->mkfs_version);
		if (v->mounted_type && v->mounted_type[0])
			json_string(j, "mounted_type", v->mounted_type);
		else
			json_null(j, "mounted_type");
		json_bool(j, "formatted_by_this_boot", v->formatted);
		json_object_end(j);
	}
	json_array_end(j);
}

/* Where the environments' data directories come from: the image's
 * cluster template (its digest) or initdb, and the loaded template where
 * an environment starts from it; null until it is chosen. */
static void write_cluster(struct json *j, const struct cluster_source *c)
{
	if (!c) {
		json_null(j, "cluster");
		return;
	}
	json_object_begin(j, "cluster");
	json_string(j, "source", c->template ? "template" : "initdb");
	json_string(j, "initdb", c->template ? c->manifest.initdb : pg_initdb_options());
	if (c->template) {
		json_string(j, "template", c->path);
		json_string(j, "digest", c->manifest.digest);
		json_int(j, "files", (long long)c->manifest.files);
		json_int(j, "bytes", c->manifest.bytes);
	} else {
		json_null(j, "template");
		json_null(j, "digest");
		json_null(j, "files");
		json_null(j, "bytes");
	}
	if (c->loaded) {
		json_object_begin(j, "loaded");
		json_string(j, "load", c->loaded_manifest.load);
		json_string(j, "template", c->loaded_path);
		json_string(j, "digest", c->loaded_manifest.digest);
		json_int(j, "files", (long long)c->loaded_manifest.files);
		json_int(j, "bytes", c->loaded_manifest.bytes);
		json_object_end(j);
	} else {
		json_null(j, "loaded");
	}
	json_object_end(j);
}

static void write_postgresql(struct json *j, const struct record *r)
{
	json_object_begin(j, "postgresql");
	json_string(j, "version", r->pg_version);
	if (r->pg_version_num)
		json_int(j, "version_num", r->pg_version_num);
	else
		json_null(j, "version_num");
	write_cluster(j, r->cluster);
	json_object_begin(j, "settings");
	for (size_t i = 0; i < r->n_settings; i++) {
		const struct record_setting *s = &r->settings[i];
		json_object_begin(j, s->name);
		json_string(j, "setting", s->setting);
		json_string(j, "unit", s->unit);
		json_string(j, "source", s->source);
		json_object_end(j);
	}
	json_object_end(j);
	json_object_end(j);
}

static void write_phases(struct json *j, const struct record *r)
{
	json_array_begin(j, "phases");
	for (size_t i = 0; i < r->n_phases; i++) {
		json_object_begin(j, NULL);
		json_string(j, "name", r->phases[i].name);
		json_double(j, "seconds", r->phases[i].seconds);
		json_bool(j, "ok", r->phases[i].ok);
		json_object_end(j);
	}
	json_array_end(j);
}

/* What the suite asked of profiles, the perf that took them and how many
 * cases have one; null when it asks for none. */
static void write_profile(struct json *j, const struct profiler *p)
{
	if (!p || !p->set.on) {
		json_null(j, "profile");
		return;
	}
	json_object_begin(j, "profile");
	json_string(j, "kind", "cpu");
	json_string(j, "event", p->set.event);
	json_int(j, "frequency", p->set.frequency);
	json_string(j, "call_graph", p->set.call_graph);
	json_string(j, "perf", p->perf);
	json_string(j, "perf_version", p->version);
	json_int(j, "cases_profiled", p->profiled);
	json_int(j, "cases_profile_failed", p->failed);
	json_object_end(j);
}

/* The estimate beside the actual time; the ratio once the run is done. */
static void write_estimate(struct json *j, const struct record *r)
{
	bool over = r->actual_s >= 0;
	bool done = over && strcmp(r->status, "done") == 0 && r->estimated_s > 0;

	json_object_begin(j, "estimate");
	json_double(j, "estimated_s", r->estimated_s);
	if (over)
		json_double(j, "actual_s", r->actual_s);
	else
		json_null(j, "actual_s");
	if (done)
		json_double(j, "ratio", r->actual_s / r->estimated_s);
	else
		json_null(j, "ratio");
	json_object_end(j);
}

void record_write_json(FILE *out, const struct record *r)
{
	struct json j;

	json_init(&j, out, true);
	json_object_begin(&j, NULL);
	json_int(&j, "format_version", BENCH_FORMAT_VERSION);
	json_string(&j, "run_id", r->run_id);
	json_string(&j, "status", r->status);
	json_string(&j, "reason", r->reason);
	json_object_begin(&j, "suite");
	json_string(&j, "name", r->suite->name);
	json_string(&j, "source", r->suite->source);
	json_int(&j, "cases", (long long)suite_case_count(r->suite));
	json_int(&j, "repeats", r->suite->repeats);
	json_object_end(&j);
	json_string(&j, "mode", r->host_mode ? "host" : "appliance");
	json_int(&j, "environments", r->environments);
	json_object_begin(&j, "memory");      /* run.json's words */
	json_int(&j, "total_kib", r->memory_bytes / 1024);
	json_object_end(&j);
	json_string(&j, "cpu_governor", r->governor[0] ? r->governor : NULL);
	json_string(&j, "started_utc", r->started_utc);
	json_string(&j, "finished_utc", r->finished_utc[0] ? r->finished_utc : NULL);
	write_filesystem(&j, r);
	write_volumes(&j, r);
	write_postgresql(&j, r);
	record_write_knobs(&j, r->knobs);
	write_phases(&j, r);
	json_int(&j, "measurements", r->measurements);
	write_estimate(&j, r);
	write_profile(&j, r->profiler);
	json_int(&j, "cases_failed", r->cases_failed);
	json_array_begin(&j, "failures");
	for (size_t i = 0; i < r->n_failures; i++) {
		json_object_begin(&j, NULL);
		json_string(&j, "case", r->failures[i].case_id);
		json_int(&j, "environment", r->failures[i].environment);
		json_string(&j, "reason", r->failures[i].reason);
		json_object_end(&j);
	}
	json_array_end(&j);
	json_object_end(&j);
}

int record_save(const struct record *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (!mem)
		return fail("could not allocate bench.json:");
	record_write_json(mem, r);
	if (fclose(mem) != 0) {
		free(text);
		return fail("could not format bench.json:");
	}
	int rc = replace_file(r->path, text, len);
	free(text);
	return rc;
}

void record_phase(struct record *r, const char *name, double seconds, bool ok)
{
	if (r->n_phases == RECORD_MAX_PHASES)
		return;
	struct record_phase *p = &r->phases[r->n_phases++];
	snprintf(p->name, sizeof(p->name), "%s", name);
	p->seconds = seconds;
	p->ok = ok;
}

void record_failure(struct record *r, const char *case_id, int environment,
		    const char *reason)
{
	r->cases_failed++;
	if (r->n_failures == RECORD_MAX_FAILURES)
		return;
	struct record_failure *f = &r->failures[r->n_failures++];
	snprintf(f->case_id, sizeof(f->case_id), "%s", case_id);
	f->environment = environment;
	snprintf(f->reason, sizeof(f->reason), "%s", reason);
}

void record_free(struct record *r)
{
	for (size_t i = 0; i < r->n_settings; i++) {
		free(r->settings[i].name);
		free(r->settings[i].setting);
		free(r->settings[i].unit);
		free(r->settings[i].source);
	}
	free(r->settings);
	free(r->pg_version);
	r->settings = NULL;
	r->n_settings = 0;
	r->pg_version = NULL;
}
