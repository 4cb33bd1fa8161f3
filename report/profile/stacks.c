/* SPDX-License-Identifier: GPL-2.0-only */
/* stacks.c: functions numbered once, and folded call stacks (stacks.h). */
#include "report/profile/stacks.h"

#include "report/util.h"

#include <stdlib.h>
#include <string.h>

const char *const kind_names[NKINDS] = { "kernel", "postgres", "other" };

/* The lowest address of the kernel's half of x86-64's address space. */
#define KERNEL_SPACE 0xffff800000000000ull

/* Whether s ends with suffix. */
static bool ends_with(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && strcmp(s + ls - lx, suffix) == 0;
}

enum func_kind kind_of(const char *dso, unsigned long long ip)
{
	static const char *const user_brackets[] = { "[unknown]", "[vdso]", "[vsyscall]", "[heap]",
						     "[stack]", "[anon]", "[vdso32]", "[vdsox32]" };

	if (ip >= KERNEL_SPACE || strncmp(dso, "[kernel.", 8) == 0)
		return KIND_KERNEL;
	if (strncmp(dso, "/opt/postgresql/", 16) == 0)
		return KIND_POSTGRES;
	if (strstr(dso, ".ko") && (ends_with(dso, ".ko") || ends_with(dso, ".ko.xz") ||
				   ends_with(dso, ".ko.zst") || ends_with(dso, ".ko.gz")))
		return KIND_KERNEL;
	/* A module, as perf names one it found in kallsyms: "[ext4]". */
	if (dso[0] == '[' && ends_with(dso, "]")) {
		for (size_t i = 0; i < sizeof user_brackets / sizeof *user_brackets; i++)
			if (strcmp(dso, user_brackets[i]) == 0)
				return KIND_OTHER;
		return KIND_KERNEL;
	}
	return KIND_OTHER;
}

/* "[name]" for an address in dso without a symbol: the object's file
 * name ("[postgres]"), or dso itself when it is in brackets. */
static char *unknown_name(const char *dso)
{
	const char *slash = strrchr(dso, '/');

	if (dso[0] == '[')
		return xstrdup(dso);
	return xasprintf("[%s]", slash ? slash + 1 : dso);
}

uint32_t funcs_add(struct funcs *fs, const char *sym, const char *dso, unsigned long long ip)
{
	bool unknown = !sym || !*sym || strcmp(sym, "[unknown]") == 0;
	enum func_kind kind = kind_of(dso, ip);
	char *name = unknown ? unknown_name(dso) : xstrdup(sym);
	size_t ln = strlen(name), ld = strlen(dso), id;
	char *key = xmalloc(ln + 1 + ld);

	memcpy(key, name, ln + 1);
	memcpy(key + ln + 1, dso, ld);
	if (strhash_get(&fs->index, key, ln + 1 + ld, &id)) {
		free(key);
		free(name);
		return (uint32_t)id;
	}
	grow(&fs->v, &fs->cap, fs->n + 1, sizeof *fs->v);
	fs->v[fs->n] = (struct func){ name, xstrdup(dso), kind, unknown };
	strhash_put(&fs->index, key, ln + 1 + ld, fs->n);
	free(key);
	return (uint32_t)fs->n++;
}

uint32_t funcs_comm(struct funcs *fs, const char *comm)
{
	size_t id;

	if (strhash_get(&fs->comm_index, comm, strlen(comm), &id))
		return (uint32_t)id;
	grow(&fs->comms, &fs->comms_cap, fs->ncomms + 1, sizeof *fs->comms);
	fs->comms[fs->ncomms] = xstrdup(comm);
	strhash_put(&fs->comm_index, comm, strlen(comm), fs->ncomms);
	return (uint32_t)fs->ncomms++;
}

void funcs_free(struct funcs *fs)
{
	for (size_t i = 0; i < fs->n; i++) {
		free(fs->v[i].name);
		free(fs->v[i].dso);
	}
	free(fs->v);
	for (size_t i = 0; i < fs->ncomms; i++)
		free(fs->comms[i]);
	free(fs->comms);
	strhash_free(&fs->index);
	strhash_free(&fs->comm_index);
	memset(fs, 0, sizeof *fs);
}

void stacks_add(struct stacks *s, uint32_t comm, const uint32_t *frames, size_t n,
		unsigned long long count)
{
	uint32_t *key = xmalloc((n + 1) * sizeof *key);
	size_t i;

	key[0] = comm;
	memcpy(key + 1, frames, n * sizeof *key);
	s->samples += count;
	if (strhash_get(&s->index, key, (n + 1) * sizeof *key, &i)) {
		s->v[i].count += count;
		free(key);
		return;
	}
	grow(&s->v, &s->cap, s->n + 1, sizeof *s->v);
	s->v[s->n].comm = comm;
	s->v[s->n].frames = xmalloc((n ? n : 1) * sizeof *frames);
	memcpy(s->v[s->n].frames, frames, n * sizeof *frames);
	s->v[s->n].nframes = n;
	s->v[s->n].count = count;
	strhash_put(&s->index, key, (n + 1) * sizeof *key, s->n++);
	free(key);
}

void stacks_merge(struct stacks *s, const struct stacks *from)
{
	for (size_t i = 0; i < from->n; i++)
		stacks_add(s, from->v[i].comm, from->v[i].frames, from->v[i].nframes,
			   from->v[i].count);
}

void stacks_free(struct stacks *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i].frames);
	free(s->v);
	strhash_free(&s->index);
	memset(s, 0, sizeof *s);
}
