/* SPDX-License-Identifier: GPL-2.0-only */
/* run_facts.c: what describes a run, from run.json and host.json (run_facts.h). */
#include "report/run_facts.h"

#include "report/diag.h"
#include "report/util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* r's fact key is value, unless value is missing or empty. */
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

/* "256 MiB model nvme (null_blk: 400008 ns a request, write back cache of
 * 32 MiB, FUA, 130 MiB/s, 1023 requests x 2 queues)": a model disk
 * (run.json target.modeled) as it was made (its times at scale), the
 * kernel's view of its cache included, so that another model, or the same
 * one made otherwise, is another setup. */
static char *modeled_summary(const struct jr_value *j)
{
	const char *keys[] = { "size_mib", "made_latency_ns", "cache_mib", "made_mbps", "queue_depth",
			       "queues" };
	long long v[6] = { 0 };
	const char *cache = jr_str(jr_path(j, "target.modeled.write_cache"));
	const struct jr_value *fua = jr_path(j, "target.modeled.queue_fua");
	char path[64];

	for (size_t i = 0; i < 6; i++) {
		snprintf(path, sizeof path, "target.modeled.%s", keys[i]);
		jr_int(jr_path(j, path), &v[i]);
	}
	return xasprintf("%lld MiB model %s (null_blk: %lld ns a request, %s cache of %lld MiB, %s, "
			 "%lld MiB/s, %lld requests x %lld queues)", v[0],
			 jr_str(jr_path(j, "target.modeled.name")), v[1], cache ? cache : "unknown",
			 v[2], fua && fua->type == JR_BOOL && fua->boolean ? "FUA" : "no FUA", v[3], v[4],
			 v[5]);
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

void run_facts_collect(struct run *r)
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
	if (jr_str(jr_path(j, "target.modeled.name"))) {
		s = modeled_summary(j);
		fact_str(r, "target", s);
		free(s);
	} else if (jr_int(jr_path(j, "target.size_bytes"), &n)) {
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

void run_facts_host(struct run *r, const char *path, const struct jr_value *j)
{
	const char *model = jr_str(jr_get(j, "cpu_model")), *accel = jr_str(jr_get(j, "accelerator"));
	const char *gov = jr_str(jr_get(j, "governor")), *load = jr_str(jr_get(j, "load"));
	const char *guest_cpu = jr_str(jr_get(j, "guest_cpu"));
	long long cpus;
	char *s;

	if (j->type != JR_OBJECT || !model || !accel || !load || !jr_int(jr_get(j, "cpus"), &cpus)) {
		warning_at(path, j->line, "no cpu_model, cpus, accelerator or load; ignored");
		return;
	}
	/* Records before guest_cpu was recorded say nothing of it. */
	s = xasprintf("%s x%lld, governor %s, %s%s%s", model, cpus, gov ? gov : "(none)", accel,
		      guest_cpu ? " -cpu " : "", guest_cpu ? guest_cpu : "");
	fact_str(r, "host", s);
	free(s);
	fact_str(r, "host load", load);
}
