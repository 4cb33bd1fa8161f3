/* SPDX-License-Identifier: GPL-2.0-only */
/* suite_describe.c: the key=value lines of `bootbench-bench describe`. */
#include "bench/run/suite_describe.h"
#include "bench/run/estimate.h"
#include "bench/suite/first_loads.h"
#include "bench/suite/matrix.h"
#include "bench/target/fstypes.h"

#include <stdio.h>
#include <string.h>

/* Whether a case of the suite formats the target with type t. */
static bool formats(const struct suite *s, const struct fs_type *t)
{
	for (size_t i = 0; i < suite_case_count(s); i++) {
		struct bench_case c;
		suite_case(s, i, &c);
		const char *type = case_value(&c, "filesystem", "type");
		if (type && strcmp(type, t->name) == 0)
			return true;
	}
	return false;
}

/* The filesystems the suite's environments format, as mount(2) and
 * /proc/filesystems name them: the init loads a module for one the
 * kernel does not have yet. */
static void describe_filesystems(const struct suite *s, FILE *out)
{
	const char *sep = "";

	fputs("filesystems=", out);
	for (const struct fs_type *t = fs_types; t->name; t++)
		if (formats(s, t)) {
			fprintf(out, "%s%s", sep, t->mount_type);
			sep = " ";
		}
	fputc('\n', out);
}

/* Where describe writes, and how many loads it has written. */
struct load_lines {
	FILE *out;
	int n;
};

static void load_line(void *ctx, const char *load)
{
	struct load_lines *l = ctx;

	fprintf(l->out, "first_load.%d=%s\n", l->n++, load);
}

/* Where the fresh data directories come from ([suite] cluster and load),
 * and the load of each environment that runs one first (qemu/run boots
 * the loaded template for a suite that starts from it). */
static void describe_cluster(const struct suite *s, FILE *out)
{
	const struct suite_param *cluster = suite_param(s, "suite", "cluster");
	const struct suite_param *load = suite_param(s, "suite", "load");
	struct load_lines lines = { out, 0 };

	fprintf(out, "cluster=%s\n", cluster ? cluster->values[0] : "auto");
	fprintf(out, "load=%s\n", load ? load->values[0] : "auto");
	suite_first_loads(s, load_line, &lines);
}

void suite_describe(const struct suite *s, FILE *out)
{
	fprintf(out, "suite=%s\n", s->name);
	fprintf(out, "source=%s\n", s->source);
	fprintf(out, "min_target_mib=%d\n", s->min_target_mib);
	fprintf(out, "allow_unmarked=%d\n", s->allow_unmarked);
	fprintf(out, "needs_wal=%d\n", s->needs_wal);
	describe_filesystems(s, out);
	fprintf(out, "repeats=%d\n", s->repeats);
	const struct suite_param *profile = suite_param(s, "suite", "profile");
	fprintf(out, "profile=%s\n", profile ? profile->values[0] : "none");
	const struct suite_param *target = suite_param(s, "suite", "qemu_target");
	fprintf(out, "qemu_target=%s\n", target ? target->values[0] : "disk");
	describe_cluster(s, out);
	fprintf(out, "cases=%zu\n", suite_case_count(s));
	struct estimate_costs k;
	estimate_default_costs(&k);
	fprintf(out, "estimate_s=%.0f\n", estimate_seconds(s, 0, &k));
	for (size_t i = 0; i < suite_case_count(s); i++) {
		struct bench_case c;
		suite_case(s, i, &c);
		fprintf(out, "case.%d=%s\n", c.index, c.id);
	}
}
