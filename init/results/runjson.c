/* SPDX-License-Identifier: GPL-2.0-only */
/* runjson.c: write run.json with the streaming JSON writer. */
#include "init/results/runjson.h"

#include <stdlib.h>
#include <string.h>

#include "common/json.h"
#include "init/results/hang_json.h"

static void spec(struct json *j, const char *key, const struct devspec *s)
{
	char buf[DEVSPEC_MAX + 16];

	if (s->kind == DEVSPEC_NONE)
		json_null(j, key);
	else
		json_string(j, key, devspec_str(s, buf, sizeof buf));
}

static void parameters(struct json *j, const struct params *p)
{
	json_object_begin(j, "parameters");
	json_string(j, "suite", p->suite);
	spec(j, "target", &p->target);
	if (p->results_console)
		json_string(j, "results", RESULTS_CONSOLE);
	else
		spec(j, "results", &p->results);
	spec(j, "wal", &p->wal);
	json_array_begin(j, "erase");
	for (int i = 0; i < p->erase_count; i++)
		json_string(j, NULL, p->erase[i]);
	json_array_end(j);
	json_bool(j, "results_init", p->results_init);
	json_string(j, "after", after_name(p->after));
	json_int(j, "timeout_s", p->timeout);
	json_int(j, "disk_wait_s", p->disk_wait);
	json_string(j, "id", p->id);
	json_string_or_null(j, "next", p->next[0] ? p->next : NULL);
	json_object_end(j);
}

/* The kernel variant (bootbench.variant=): its name and parameters, or
 * null for the kernel as it is. */
static void variant(struct json *j, const struct variant *v)
{
	if (!v->name[0]) {
		json_null(j, "variant");
		return;
	}
	json_object_begin(j, "variant");
	json_string(j, "name", v->name);
	json_array_begin(j, "parameters");
	for (int i = 0; i < v->count; i++)
		json_string(j, NULL, v->param[i]);
	json_array_end(j);
	json_object_end(j);
}

/* The clock the figures are in (bootbench.clock=): {"mode": "host"} or
 * {"mode": "instructions", "shift": N, "sleep": "on" or "off"}. */
static void clock_json(struct json *j, const struct clock_mode *c)
{
	json_object_begin(j, "clock");
	json_string(j, "mode", c->instructions ? "instructions" : "host");
	if (c->instructions) {
		json_int(j, "shift", c->shift);
		json_string(j, "sleep", c->idle_jumps ? "off" : "on");
	}
	json_object_end(j);
}

/* A model disk's parameters and what null_blk made of them (model_disk.h). */
static void modeled(struct json *j, const struct model_disk *m)
{
	const struct model_profile *p;

	if (!m) {
		json_null(j, "modeled");
		return;
	}
	p = &m->profile;
	json_object_begin(j, "modeled");
	json_string(j, "name", p->name);
	json_string(j, "driver", "null_blk");
	json_int(j, "size_mib", m->mib);
	json_int(j, "latency_ns", p->latency_ns);
	json_int(j, "cache_mib", p->cache_mib);
	json_bool(j, "fua", p->fua);
	json_int(j, "mbps", p->mbps);
	json_double(j, "time_scale", (long long)(m->time_scale * 1000 + 0.5) / 1000.0);
	json_int(j, "made_latency_ns", m->latency_ns);
	json_int(j, "made_mbps", m->mbps);
	json_int(j, "queue_depth", p->queue_depth);
	json_int(j, "queues", p->queues);
	json_int(j, "block", p->block);
	json_string(j, "source", p->source);
	json_string(j, "attributes", m->written);
	json_string(j, "lacking", m->lacking);
	json_string(j, "write_cache", m->write_cache);
	json_bool(j, "queue_fua", m->fua);
	json_object_end(j);
}

static void disk(struct json *j, const char *key, const struct disk_facts *d,
		 const struct model_disk *m)
{
	if (!d) {
		json_null(j, key);
		return;
	}
	json_object_begin(j, key);
	json_string(j, "spec", d->spec);
	json_string(j, "device", d->device);
	json_string(j, "disk", d->disk);
	json_bool(j, "partition", d->partition);
	json_string_or_null(j, "model", d->model);
	json_string_or_null(j, "vendor", d->vendor);
	json_int(j, "size_bytes", (long long)d->size_bytes);
	if (d->rotational < 0)
		json_null(j, "rotational");
	else
		json_bool(j, "rotational", d->rotational);
	json_string_or_null(j, "scheduler", d->scheduler);
	json_string_or_null(j, "partlabel", d->partlabel);
	json_string_or_null(j, "partuuid", d->partuuid);
	json_string_or_null(j, "label", d->label);
	json_string_or_null(j, "fstype", d->fstype);
	modeled(j, m);
	json_object_end(j);
}

/* The kernel's settings (kfacts.h) inside the "kernel" object. */
/* e2fsck -p of the results partition before its mount; null when it did
 * not run (formatted by this boot, in memory, or not reached). */
static void fsck(struct json *j, const struct results_fsck *f)
{
	if (!f) {
		json_null(j, "fsck");
		return;
	}
	json_object_begin(j, "fsck");
	json_string(j, "program", E2FSCK " -p");
	if (f->exit_status < 0)
		json_null(j, "exit_status");
	else
		json_int(j, "exit_status", f->exit_status);
	json_bool(j, "repaired", f->exit_status > 0 && results_fsck_usable(f->exit_status));
	json_double(j, "seconds", (long long)(f->seconds * 1000 + 0.5) / 1000.0);
	json_string(j, "output", f->said);
	json_object_end(j);
}

static void kernel_settings(struct json *j, const struct kernel_facts *k)
{
	if (!k || !k->config_source[0]) {
		json_null(j, "config");
	} else {
		json_object_begin(j, "config");
		json_string(j, "source", k->config_source);
		if (k->config_saved)
			json_string(j, "file", KFACTS_CONFIG_FILE);
		else
			json_null(j, "file");
		json_string_or_null(j, "sha256", k->config_sha256);
		json_object_end(j);
	}
	kbuild_json(j, k ? &k->build : NULL);
	if (!k || !k->have_mitigations) {
		json_null(j, "mitigations");
	} else {
		json_object_begin(j, "mitigations");
		for (size_t i = 0; i < k->n_mitigations; i++)
			json_string_or_null(j, k->mitigations[i].name, k->mitigations[i].status);
		json_object_end(j);
	}
	json_object_begin(j, "transparent_hugepage");
	json_string_or_null(j, "enabled", k ? k->thp_enabled : NULL);
	json_string_or_null(j, "defrag", k ? k->thp_defrag : NULL);
	json_object_end(j);
	json_string_or_null(j, "clocksource", k ? k->clocksource : NULL);
	if (!k || !k->numa_online[0]) {
		json_null(j, "numa");
	} else {
		json_object_begin(j, "numa");
		json_string(j, "online", k->numa_online);
		if (k->numa_nodes < 0)
			json_null(j, "nodes");
		else
			json_int(j, "nodes", k->numa_nodes);
		json_object_end(j);
	}
}

static void suite(struct json *j, const struct suite_info *s)
{
	if (!s) {
		json_null(j, "suite");
		return;
	}
	json_object_begin(j, "suite");
	json_string(j, "name", s->name);
	json_int(j, "min_target_mib", s->min_target_mib);
	json_bool(j, "allow_unmarked", s->allow_unmarked == 1);
	json_bool(j, "needs_wal", s->needs_wal == 1);
	json_object_end(j);
}

/* Embed JSON text as a member of the top-level object, indented like the
 * rest.  JSON strings escape their line breaks, so the text's line
 * breaks lie between tokens and indenting them changes only the layout. */
static void embed(struct json *j, const char *key, const char *text)
{
	size_t lines = 0;
	char *copy, *o;

	for (const char *p = text; *p; p++)
		lines += *p == '\n';
	copy = malloc(strlen(text) + 2 * lines + 1);
	if (!copy) {
		json_raw(j, key, text);
		return;
	}
	for (o = copy; *text; text++) {
		*o++ = *text;
		if (*text == '\n') {
			*o++ = ' ';
			*o++ = ' ';
		}
	}
	*o = '\0';
	json_raw(j, key, copy);
	free(copy);
}

void run_record_write(FILE *out, const struct run_record *r)
{
	const struct machine *m = r->machine;
	struct json j;

	json_init(&j, out, true);
	json_object_begin(&j, NULL);
	json_string(&j, "format", RECORD_FORMAT);
	json_int(&j, "format_version", RECORD_VERSION);
	json_string(&j, "status", r->status);
	json_string_or_null(&j, "reason", r->reason);
	json_string_or_null(&j, "failed_phase", r->failed_phase);
	json_string(&j, "id", r->id);
	json_string(&j, "directory", r->directory);
	json_string(&j, "started_utc", r->started_utc);
	json_string_or_null(&j, "finished_utc", r->finished_utc);
	if (r->image)
		embed(&j, "image", r->image);
	else
		json_null(&j, "image");

	json_object_begin(&j, "kernel");
	json_string(&j, "release", m->release);
	json_string(&j, "version", m->version);
	json_string(&j, "arch", m->arch);
	json_string(&j, "cmdline", r->cmdline ? r->cmdline : "");
	kernel_settings(&j, r->kernel);
	json_object_end(&j);
	variant(&j, &r->params->variant);
	clock_json(&j, &r->params->clock);
	parameters(&j, r->params);

	json_object_begin(&j, "cpu");
	json_string_or_null(&j, "model", m->cpu_model);
	json_int(&j, "count", m->cpu_count);
	json_object_end(&j);
	json_object_begin(&j, "memory");
	if (m->mem_total_kib < 0)
		json_null(&j, "total_kib");
	else
		json_int(&j, "total_kib", m->mem_total_kib);
	json_object_end(&j);

	disk(&j, "results", r->results, NULL);
	json_object_begin(&j, "results_mount");
	json_string_or_null(&j, "options", r->results_mount_options);
	json_bool(&j, "formatted_by_this_boot", r->results_formatted);
	fsck(&j, r->results_fsck);
	if (r->results_health) {
		json_string(&j, "state_at_finish", results_state_name(r->results_health->state));
		if (r->results_health->free_bytes < 0)
			json_null(&j, "free_bytes_at_finish");
		else
			json_int(&j, "free_bytes_at_finish", r->results_health->free_bytes);
	} else {
		json_null(&j, "state_at_finish");
		json_null(&j, "free_bytes_at_finish");
	}
	json_object_end(&j);
	disk(&j, "target", r->target, r->model_target);
	disk(&j, "wal", r->wal, r->model_wal);
	suite(&j, r->suite);

	json_array_begin(&j, "phases");
	for (size_t i = 0; i < r->n_phases; i++) {
		json_object_begin(&j, NULL);
		json_string(&j, "name", r->phases[i].name);
		json_double(&j, "seconds", (long long)(r->phases[i].seconds * 1000 + 0.5) / 1000.0);
		json_object_end(&j);
	}
	json_array_end(&j);
	hang_json(&j, r->hang);
	if (r->bench)
		embed(&j, "bench", r->bench);
	else
		json_null(&j, "bench");
	json_object_end(&j);
}
