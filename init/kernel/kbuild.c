/* SPDX-License-Identifier: GPL-2.0-only */
/* kbuild.c: the kernel's identity file, for run.json's kernel.build. */
#include "init/kernel/kbuild.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "common/json.h"
#include "init/console.h"
#include "init/str.h"

void kbuild_read(const char *root, const char *release, struct kernel_build *b)
{
	/* Unknown keys are skipped (release and config_sha256 are recorded
	 * elsewhere in run.json). */
	const struct { const char *key; char *dst; size_t size; } fields[] = {
		{ "name", b->name, sizeof b->name }, { "kind", b->kind, sizeof b->kind },
		{ "source", b->source, sizeof b->source },
		{ "image_sha256", b->image_sha256, sizeof b->image_sha256 },
		{ "build_id", b->build_id, sizeof b->build_id },
		{ "git_commit", b->git_commit, sizeof b->git_commit },
	};
	char path[PATH_MAX], line[1024];
	FILE *f;

	memset(b, 0, sizeof *b);
	if (!release[0] ||
	    str_printf(path, sizeof path, "%s/lib/modules/%s/identity", root, release) < 0 ||
	    !(f = fopen(path, "r")))
		return;
	b->present = true;
	while (fgets(line, sizeof line, f)) {
		char *eq = strchr(line, '=');

		line[strcspn(line, "\n")] = '\0';
		if (!eq || eq == line) {
			warning("%s: \"%s\" is no KEY=VALUE line; skipped", path, line);
			continue;
		}
		*eq = '\0';
		for (size_t i = 0; i < sizeof fields / sizeof *fields; i++)
			if (strcmp(line, fields[i].key) == 0)
				snprintf(fields[i].dst, fields[i].size, "%s", eq + 1);
	}
	if (ferror(f))
		warning("%s: read error; the kernel's build recorded as far as read", path);
	fclose(f);
}

void kbuild_json(struct json *j, const struct kernel_build *b)
{
	if (!b || !b->present) {
		json_null(j, "build");
		return;
	}
	json_object_begin(j, "build");
	json_string_or_null(j, "name", b->name);
	json_string_or_null(j, "kind", b->kind);
	json_string_or_null(j, "source", b->source);
	json_string_or_null(j, "image_sha256", b->image_sha256);
	json_string_or_null(j, "build_id", b->build_id);
	json_string_or_null(j, "git_commit", b->git_commit);
	json_object_end(j);
}
