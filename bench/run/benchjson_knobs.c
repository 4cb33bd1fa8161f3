/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * benchjson_knobs.c: bench.json's "knobs" -- each [sysctl] and [machine]
 * key with the machine's own value (or why it does not apply), each
 * environment's values as set and read back, and whether the machine's
 * own values were put back at the end.
 */
#include "bench/knobs/knobs.h"
#include "bench/run/benchjson.h"

#include <string.h>

#include "common/json.h"

/* "sysctl": {...} or "machine": {...}: the keys of that section. */
static void write_keys(struct json *j, const struct knobs *k, bool machine)
{
	json_object_begin(j, machine ? "machine" : "sysctl");
	for (size_t i = 0; i < k->n; i++) {
		const struct knob *kn = &k->k[i];
		if ((kn->control != NULL) != machine)
			continue;
		json_object_begin(j, kn->param->key);
		if (machine) {
			json_bool(j, "applicable", kn->applicable);
			json_string(j, "reason", kn->applicable ? NULL : kn->reason);
		} else {
			json_string(j, "path", kn->path);
		}
		json_string_or_null(j, "own", kn->applicable ? kn->own : NULL);
		json_object_end(j);
	}
	json_object_end(j);
}

static void write_env_keys(struct json *j, const struct knobs *k,
			   const struct knob_env *e, bool machine)
{
	json_object_begin(j, machine ? "machine" : "sysctl");
	for (size_t i = 0; i < k->n; i++) {
		bool required;
		if ((k->k[i].control != NULL) != machine)
			continue;
		json_object_begin(j, k->k[i].param->key);
		json_string(j, "value", knob_value(k, i, e, &required));
		if (machine)
			json_bool(j, "required", required);
		json_string(j, "read_back", e->set[i] ? e->read_back[i] : NULL);
		json_object_end(j);
	}
	json_object_end(j);
}

void record_write_knobs(struct json *j, const struct knobs *k)
{
	if (!k) {
		json_null(j, "knobs");
		return;
	}
	json_object_begin(j, "knobs");
	write_keys(j, k, false);
	write_keys(j, k, true);
	json_array_begin(j, "environments");
	for (size_t e = 0; e < k->n_envs; e++) {
		const struct knob_env *env = &k->envs[e];
		json_object_begin(j, NULL);
		json_int(j, "environment", env->environment);
		write_env_keys(j, k, env, false);
		write_env_keys(j, k, env, true);
		if (env->dma_latency_us >= 0)
			json_int(j, "cpu_dma_latency_us", env->dma_latency_us);
		else
			json_null(j, "cpu_dma_latency_us");
		json_object_end(j);
	}
	json_array_end(j);
	if (k->restored < 0)
		json_null(j, "restored");
	else
		json_bool(j, "restored", k->restored);
	json_string_or_null(j, "restore_error", k->restore_error);
	json_object_end(j);
}
