/* SPDX-License-Identifier: GPL-2.0-only */
/* cluster_pack.c: the cluster template as the image stores it (cluster.h). */
#include "bench/pg/cluster.h"
#include "bench/msg.h"
#include "common/fileio.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* map_file(), or MAP_FAILED after fail(). */
static void *map_or_fail(const char *path, size_t *len)
{
	void *p = map_file(path, len);
	if (p == MAP_FAILED)
		fail("could not read file \"%s\":", path);
	return p;
}

/* Cut the file at path after its last byte that is not zero; *kept: the
 * bytes left. */
static int cut_zeros(const char *path, long long *kept)
{
	size_t len;
	const unsigned char *p = map_or_fail(path, &len);

	if (p == MAP_FAILED)
		return -1;
	size_t n = len;
	while (n > 0 && p[n - 1] == 0)
		n--;
	if (p)
		munmap((void *)p, len);
	*kept = (long long)n;
	if (n < len && truncate(path, (off_t)n) < 0)
		return fail("could not truncate file \"%s\":", path);
	return 0;
}

/* Whether the files at a and b have the same bytes: 1, 0, or -1 after fail(). */
static int same_bytes(const char *a, const char *b)
{
	size_t alen, blen;
	void *pa = map_or_fail(a, &alen);
	if (pa == MAP_FAILED)
		return -1;
	void *pb = map_or_fail(b, &blen);
	if (pb == MAP_FAILED) {
		if (pa)
			munmap(pa, alen);
		return -1;
	}
	int same = alen == blen && (alen == 0 || memcmp(pa, pb, alen) == 0);
	if (pa)
		munmap(pa, alen);
	if (pb)
		munmap(pb, blen);
	return same;
}

/* Make path a hard link to first's file. */
static int link_to(const char *first, const char *path)
{
	if (unlink(path) < 0)
		return fail("could not remove file \"%s\":", path);
	if (link(first, path) < 0)
		return fail("could not link \"%s\" to \"%s\":", path, first);
	return 0;
}

/* A file of base (packed in base_dir) with e's bytes and mode, kept bytes
 * long: 1 and its path in first, 0 none, or -1 after fail(). */
static int base_file(const char *base_dir, const struct cluster_manifest *base,
		     const struct cluster_entry *e, const char *path, long long kept,
		     char *first, size_t len)
{
	for (size_t j = 0; base && j < base->n; j++) {
		const struct cluster_entry *f = &base->e[j];
		struct stat st;

		if (f->kind != 'f' || f->size != e->size || f->crc != e->crc || f->mode != e->mode)
			continue;
		snprintf(first, len, "%s/%s", base_dir, f->path);
		if (stat(first, &st) < 0)
			return fail("could not stat file \"%s\":", first);
		if (st.st_size != kept)
			continue;
		int same = same_bytes(first, path);
		if (same != 0)
			return same;
	}
	return 0;
}

int cluster_pack(const char *dir, const struct cluster_manifest *m, const char *base_dir,
		 const struct cluster_manifest *base, long long *stored)
{
	long long *kept = calloc(m->n ? m->n : 1, sizeof(*kept));
	int rc = 0;

	*stored = 0;
	if (!kept)
		return fail("could not allocate memory:");
	if (cluster_check(dir, m) < 0) {
		free(kept);
		return -1;
	}
	for (size_t i = 0; i < m->n && rc == 0; i++) {
		const struct cluster_entry *e = &m->e[i];
		char path[PATH_MAX];

		if (e->kind != 'f')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->path);
		rc = cut_zeros(path, &kept[i]);
		if (rc == 0 && kept[i] > 0) {
			char first[PATH_MAX];
			int in_base = base_file(base_dir, base, e, path, kept[i], first,
						sizeof(first));
			if (in_base < 0)
				rc = -1;
			else if (in_base) {
				rc = link_to(first, path);
				kept[i] = 0;
			}
		}
		/* An earlier file of the same bytes and mode: this name becomes
		 * a link to it (files left empty stay apart: they store nothing). */
		for (size_t j = 0; rc == 0 && kept[i] > 0 && j < i; j++) {
			const struct cluster_entry *f = &m->e[j];
			char first[PATH_MAX];

			if (f->kind != 'f' || f->size != e->size || f->crc != e->crc ||
			    f->mode != e->mode || kept[j] != kept[i])
				continue;
			snprintf(first, sizeof(first), "%s/%s", dir, f->path);
			int same = same_bytes(first, path);
			if (same < 0)
				rc = -1;
			else if (same) {
				rc = link_to(first, path);
				kept[i] = 0;
				break;
			}
		}
		*stored += kept[i];
	}
	free(kept);
	return rc < 0 ? -1 : cluster_check(dir, m);
}
