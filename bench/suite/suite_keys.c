/* SPDX-License-Identifier: GPL-2.0-only */
/* suite_keys.c: [suite] and [filesystem], and whole-suite checks. */
#include "bench/suite/suite_keys.h"
#include "bench/suite/knob_keys.h"
#include "bench/suite/workload_spec.h"
#include "bench/target/fstypes.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

static const char *const profiles[] = { "compat", "default", NULL };
static const char *const profile_kinds[] = { "none", "cpu", NULL };
static const char *const profile_events[] = { "auto", "cpu-clock", NULL };
static const char *const call_graphs[] = { "fp", "dwarf", "none", NULL };
static const char *const write_caches[] = { "kernel", "write back", "write through", NULL };
static const char *const cluster_sources[] = { "auto", "template", "initdb", NULL };
static const char *const load_sources[] = { "auto", "run", NULL };

const struct suite_key suite_section_keys[] = {
	{ "description", SK_STRING, "", false, 0, 0, NULL,
	  "one line saying what the suite is for" },
	{ "min_target_mib", SK_INT, "256", false, 16, 1 << 30, NULL,
	  "smallest target partition the suite runs on, in MiB" },
	{ "allow_unmarked", SK_BOOL, "0", false, 0, 0, NULL,
	  "allow a target whose GPT name and label do not start with bootbench-" },
	{ "needs_wal", SK_BOOL, "0", false, 0, 0, NULL,
	  "the suite needs a separate WAL partition (bootbench.wal=)" },
	{ "repeats", SK_INT, "1", false, 1, 100, NULL,
	  "how many times each case is measured (innermost in the matrix)" },
	{ "between", SK_STRING, "checkpoint,sync", false, 0, 0, NULL,
	  "before each measurement: any of checkpoint, sync, drop_caches; or none" },
	{ "cov_warn_pct", SK_INT, "5", false, 1, 1000, NULL,
	  "warn when the CoV of a case's repeats is above this, in percent" },
	{ "cluster", SK_CHOICE, "auto", false, 0, 0, cluster_sources,
	  "a fresh environment's data directory: template (a copy of the image's cluster template), initdb, or auto (the template where the image has one)" },
	{ "load", SK_CHOICE, "auto", false, 0, 0, load_sources,
	  "auto: an environment whose first case's load is the image's loaded template's (pgbench -i at scale 1, pgbench's steps) starts from a copy of that template, made by the same load when the image was built (doc/fidelity.md); run: every load runs" },
	{ "profile", SK_CHOICE, "none", false, 0, 0, profile_kinds,
	  "cpu: perf record samples every CPU during each measured window (doc/profiles.md)" },
	{ "profile_event", SK_CHOICE, "auto", false, 0, 0, profile_events,
	  "what is sampled: cycles where the CPU counts them, else cpu-clock (auto); or cpu-clock everywhere" },
	{ "profile_frequency", SK_INT, "499", false, 1, 10000, NULL,
	  "samples per second on each CPU (perf record -F)" },
	{ "profile_call_graph", SK_CHOICE, "fp", false, 0, 0, call_graphs,
	  "call chains: fp (frame pointers: whole kernel stacks), dwarf (4 KiB of user stack per sample), none" },
	{ "qemu_target", SK_STRING, "disk", false, 0, 0, NULL,
	  "the target qemu/run, kernel-gate and bootbench-bisect give the suite under TCG unless told: disk (a disk image), or model[:NAME] (a model disk in the guest's memory: doc/models.md)" },
	{ NULL },
};

const struct suite_key filesystem_keys[] = {
	{ "type", SK_CHOICE, "ext4", true, 0, 0, fs_type_names,
	  "filesystem of the target (bootbench-bench filesystems lists what each gets)" },
	{ "profile", SK_CHOICE, "compat", true, 0, 0, profiles,
	  "mkfs feature set: compat (mountable by every kernel from 5.10), default (mkfs's own)" },
	{ "features", SK_STRING, "", false, 0, 0, NULL,
	  "replaces the profile: mke2fs's -O list, or mkfs.xfs option words" },
	{ "block_size", SK_SIZE, "0", false, 0, 65536, NULL,
	  "filesystem block size; 0: mkfs chooses" },
	{ "inode_size", SK_INT, "0", false, 0, 4096, NULL,
	  "inode size in bytes; 0: mkfs chooses" },
	{ "inode_ratio", SK_INT, "0", false, 0, 1 << 26, NULL,
	  "bytes per inode, for a type that has one (see bootbench-bench filesystems); 0: mkfs chooses" },
	{ "discard", SK_BOOL, "0", false, 0, 0, NULL,
	  "let mkfs discard the whole partition first" },
	{ "mount_options", SK_STRING, "noatime", false, 0, 0, NULL,
	  "mount options, comma-separated as for mount -o" },
	{ "scheduler", SK_STRING, "", true, 0, 0, NULL,
	  "I/O scheduler of the target's disk (none, mq-deadline, bfq, kyber); empty: the kernel's" },
	{ "readahead_kb", SK_INT, "-1", true, -1, 1 << 20, NULL,
	  "readahead of the target's disk in KiB; -1: the kernel's" },
	{ "write_cache", SK_CHOICE, "kernel", true, 0, 0, write_caches,
	  "the target disk's queue/write_cache: write through drops every flush and FUA "
	  "before the device, write back keeps them; kernel: the kernel's" },
	{ NULL },
};

/* The actions of [suite] between. */
static int check_between(const struct suite_param *p, char *err, size_t len)
{
	char buf[128];

	snprintf(buf, sizeof(buf), "%s", p->values[0]);
	if (strcmp(buf, "none") == 0)
		return 0;
	for (char *save = NULL, *a = strtok_r(buf, ", ", &save); a;
	     a = strtok_r(NULL, ", ", &save)) {
		if (strcmp(a, "checkpoint") && strcmp(a, "sync") &&
		    strcmp(a, "drop_caches")) {
			snprintf(err, len, "between: \"%s\" is not one of: checkpoint, "
				 "sync, drop_caches, none", a);
			return -1;
		}
	}
	return 0;
}

/* [suite] qemu_target: disk, model or model:NAME (the host checks NAME
 * against models.conf, the init again). */
static int check_qemu_target(const struct suite_param *p, char *err, size_t len)
{
	const char *v = p->values[0];
	size_t name = strlen(v) > 6 ? strlen(v) - 6 : 0;

	if (strcmp(v, "disk") == 0 || strcmp(v, "model") == 0 ||
	    (strncmp(v, "model:", 6) == 0 && name > 0 && name < 32 &&
	     strspn(v + 6, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") == name))
		return 0;
	snprintf(err, len, "qemu_target: \"%s\" is neither disk, model nor model:NAME", v);
	return -1;
}

static int check_filesystem(const struct suite *s,
			    const struct suite_param **at, char *err, size_t len)
{
	const struct suite_param *type = suite_param(s, "filesystem", "type");
	const struct suite_param *features = suite_param(s, "filesystem", "features");
	const struct fs_type *no_ratio = NULL;

	for (size_t i = 0; i < type->n && !no_ratio; i++) {
		const struct fs_type *t = fs_type_find(type->values[i]);
		if (t && !t->inode_ratio)
			no_ratio = t;
	}
	if (features->values[0][0] && type->n > 1) {
		*at = features;
		snprintf(err, len, "features: a feature list is for one filesystem "
			 "type, but type lists %zu", type->n);
		return -1;
	}
	if (no_ratio && suite_number(s, "filesystem", "inode_ratio") != 0) {
		*at = suite_param(s, "filesystem", "inode_ratio");
		snprintf(err, len, "inode_ratio: %s has no bytes-per-inode ratio",
			 no_ratio->name);
		return -1;
	}
	return 0;
}

/* The product of the list lengths of the params section selects (NULL:
 * the environment's sections), stopping once it passes limit. */
static size_t product(const struct suite *s, const char *section, size_t limit)
{
	size_t n = 1;
	for (size_t i = 0; i < s->n_params && n <= limit; i++) {
		const char *sec = s->params[i].section;
		if (section ? strcmp(sec, section) == 0 : suite_env_section(sec))
			n *= s->params[i].n;
	}
	return n;
}

/* suite_case_count(), but stopping once past limit: lists multiply, and
 * the exact count could overflow. */
static size_t case_count_bounded(const struct suite *s, size_t limit)
{
	size_t per_env = 0;
	for (size_t i = 0; i < s->n_sections && per_env <= limit; i++)
		if (s->sections[i].workload)
			per_env += product(s, s->sections[i].name, limit) * (size_t)s->repeats;
	size_t envs = product(s, NULL, limit);
	return per_env > limit || envs > limit ? limit + 1 : per_env * envs;
}

int suite_check(struct suite *s, const struct suite_param **at,
		char *err, size_t len)
{
	*at = NULL;
	s->min_target_mib = (int)suite_number(s, "suite", "min_target_mib");
	s->allow_unmarked = suite_number(s, "suite", "allow_unmarked");
	s->needs_wal = suite_number(s, "suite", "needs_wal");
	s->repeats = (int)suite_number(s, "suite", "repeats");

	*at = suite_param(s, "suite", "between");
	if (check_between(*at, err, len) < 0)
		return -1;
	*at = suite_param(s, "suite", "qemu_target");
	if (check_qemu_target(*at, err, len) < 0)
		return -1;
	*at = NULL;
	if (check_filesystem(s, at, err, len) < 0 || knob_keys_check(s, at, err, len) < 0)
		return -1;

	bool any = false;
	for (size_t i = 0; i < s->n_sections; i++) {
		const struct workload_spec *w = workload_spec_find(s->sections[i].name);
		if (!w)
			continue;
		any = true;
		if (w->check && w->check(s, at, err, len) < 0)
			return -1;
	}
	if (!any) {
		snprintf(err, len, "no workload section (%s", workload_specs[0]->name);
		size_t used = strlen(err);
		for (const struct workload_spec *const *w = workload_specs + 1; *w && used < len; w++)
			used += (size_t)snprintf(err + used, len - used, ", %s", (*w)->name);
		if (used < len)
			snprintf(err + used, len - used, ")");
		return -1;
	}
	if (case_count_bounded(s, 100000) > 100000) {
		snprintf(err, len, "the matrix has more than 100000 cases");
		return -1;
	}
	return 0;
}

static const char *const kind_names[] = {
	[SK_INT] = "number", [SK_BOOL] = "boolean", [SK_STRING] = "text",
	[SK_CHOICE] = "choice", [SK_SIZE] = "size",
};

static void list_keys(FILE *out, const char *section, const struct suite_key *k)
{
	for (; k->name; k++) {
		fprintf(out, "[%s] %s: %s%s, default \"%s\"", section, k->name,
			kind_names[k->kind], k->list ? " list" : "",
			k->fallback ? k->fallback : "(required)");
		for (const char *const *c = k->choices; c && *c; c++)
			fprintf(out, "%s%s", c == k->choices ? " (" : "|", *c);
		fprintf(out, "%s: %s\n", k->choices ? ")" : "", k->help);
	}
}

void suite_list_keys(FILE *out)
{
	list_keys(out, "suite", suite_section_keys);
	list_keys(out, "filesystem", filesystem_keys);
	fprintf(out, "[postgresql] NAME: text list: any setting of postgresql.conf\n");
	fprintf(out, "[sysctl] NAME: text list: any entry of /proc/sys of the running "
		"kernel, named as sysctl(8) names it\n");
	list_keys(out, "machine", machine_keys);
	for (const struct workload_spec *const *w = workload_specs; *w; w++)
		list_keys(out, (*w)->name, (*w)->keys);
}
