/* SPDX-License-Identifier: GPL-2.0-only */
/* suite_info.c: parse the describe output of the suite runner. */
#include "init/suite_info.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void suite_info_init(struct suite_info *s, const char *name)
{
	snprintf(s->name, sizeof s->name, "%s", name);
	s->min_target_mib = -1;
	s->allow_unmarked = -1;
	s->needs_wal = -1;
	s->n_filesystems = -1;
}

static int flag(const char *v, int *out)
{
	if (strcmp(v, "0") && strcmp(v, "1"))
		return -1;
	*out = v[0] == '1';
	return 0;
}

/* "ext4 xfs": names of letters, digits, '_' and '-', separated by one
 * space; the empty list is one too. */
static int filesystems(const char *v, struct suite_info *s)
{
	int n = 0;

	while (*v) {
		size_t len = strspn(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-");

		if (!len || len > SUITE_FS_NAME_MAX || n == SUITE_FILESYSTEMS_MAX ||
		    (v[len] && (v[len] != ' ' || !v[len + 1])))
			return -1;
		memcpy(s->filesystems[n], v, len);
		s->filesystems[n++][len] = '\0';
		v += len + (v[len] == ' ');
	}
	s->n_filesystems = n;
	return 0;
}

int suite_info_line(struct suite_info *s, const char *line)
{
	const char *eq = strchr(line, '=');
	size_t klen = eq ? (size_t)(eq - line) : 0;
	const char *v = eq ? eq + 1 : NULL;

	if (!eq)
		return 0;
	if (klen == 14 && !strncmp(line, "min_target_mib", klen)) {
		char *end;
		long long mib = strtoll(v, &end, 10);

		if (!*v || *end || mib < 0)
			return -1;
		s->min_target_mib = mib;
		return 0;
	}
	if (klen == 14 && !strncmp(line, "allow_unmarked", klen))
		return flag(v, &s->allow_unmarked);
	if (klen == 9 && !strncmp(line, "needs_wal", klen))
		return flag(v, &s->needs_wal);
	if (klen == 11 && !strncmp(line, "filesystems", klen))
		return filesystems(v, s);
	return 0;
}

const char *suite_info_missing(const struct suite_info *s)
{
	if (s->min_target_mib < 0)
		return "min_target_mib";
	if (s->allow_unmarked < 0)
		return "allow_unmarked";
	if (s->needs_wal < 0)
		return "needs_wal";
	if (s->n_filesystems < 0)
		return "filesystems";
	return NULL;
}

int suite_filesystem_names(const struct suite_info *s, const char *names[SUITE_FILESYSTEMS_MAX])
{
	for (int i = 0; i < s->n_filesystems; i++)
		names[i] = s->filesystems[i];
	return s->n_filesystems;
}
