/* SPDX-License-Identifier: GPL-2.0-only */
/* cluster_manifest.c: the cluster template's manifest: scan, print, read, check. */
#include "bench/pg/cluster.h"
#include "bench/msg.h"
#include "common/crc32c.h"
#include "common/fileio.h"

#include <dirent.h>
#include <stdbool.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

#define MANIFEST_MAX (4 << 20)

/* A scan's state: the entries' room, and the CRC of each file with more
 * than one name already read (a packed template's hard links are read
 * once). */
struct scan {
	size_t cap;
	struct linked { dev_t dev; ino_t ino; uint32_t crc; } *linked;
	size_t n_linked, linked_cap;
};

static int add(struct cluster_manifest *m, size_t *cap, char kind, unsigned mode,
	       long long size, uint32_t crc, const char *path)
{
	if (m->n == *cap) {
		size_t n = *cap ? *cap * 2 : 256;
		struct cluster_entry *e = realloc(m->e, n * sizeof(*e));
		if (!e)
			return fail("could not allocate memory:");
		m->e = e;
		*cap = n;
	}
	char *p = strdup(path);
	if (!p)
		return fail("could not allocate memory:");
	m->e[m->n++] = (struct cluster_entry){ kind, mode, size, crc, p };
	if (kind == 'f') {
		m->files++;
		m->bytes += size;
	}
	return 0;
}

/* The CRC-32C of the file at path, read through a mapping (no copy into
 * this process: the template is read once a run). */
static int file_crc(const char *path, uint32_t *crc)
{
	size_t len;
	void *p = map_file(path, &len);

	*crc = 0;
	if (p == MAP_FAILED)
		return fail("could not read file \"%s\":", path);
	if (p) {
		*crc = crc32c(0, p, len);
		munmap(p, len);
	}
	return 0;
}

/* The CRC of the file at path (st its stat), from an earlier name of it
 * where there was one. */
static int linked_crc(struct scan *sc, const char *path, const struct stat *st, uint32_t *crc)
{
	if (st->st_nlink < 2)
		return file_crc(path, crc);
	for (size_t i = 0; i < sc->n_linked; i++)
		if (sc->linked[i].dev == st->st_dev && sc->linked[i].ino == st->st_ino) {
			*crc = sc->linked[i].crc;
			return 0;
		}
	if (file_crc(path, crc) < 0)
		return -1;
	if (sc->n_linked == sc->linked_cap) {
		size_t n = sc->linked_cap ? sc->linked_cap * 2 : 64;
		struct linked *l = realloc(sc->linked, n * sizeof(*l));
		if (!l)
			return fail("could not allocate memory:");
		sc->linked = l;
		sc->linked_cap = n;
	}
	sc->linked[sc->n_linked++] = (struct linked){ st->st_dev, st->st_ino, *crc };
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Add top/rel (a directory, already added) and everything below it. */
static int scan_dir(const char *top, const char *rel, struct cluster_manifest *m, struct scan *sc)
{
	char dir[PATH_MAX];
	char **names = NULL;
	size_t n = 0, ncap = 0;
	int rc = 0;

	snprintf(dir, sizeof(dir), "%s/%s", top, rel);
	DIR *d = opendir(dir);
	if (!d)
		return fail("could not open directory \"%s\":", dir);
	for (struct dirent *de; (errno = 0, de = readdir(d));) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		if (n == ncap) {
			ncap = ncap ? ncap * 2 : 64;
			char **more = realloc(names, ncap * sizeof(*names));
			if (!more) {
				rc = fail("could not allocate memory:");
				break;
			}
			names = more;
		}
		if (!(names[n] = strdup(de->d_name))) {
			rc = fail("could not allocate memory:");
			break;
		}
		n++;
	}
	if (rc == 0 && errno)
		rc = fail("could not read directory \"%s\":", dir);
	closedir(d);
	if (rc == 0)
		qsort(names, n, sizeof(*names), by_name);
	for (size_t i = 0; i < n && rc == 0; i++) {
		char sub[PATH_MAX], path[PATH_MAX + 8];
		struct stat st;

		if (snprintf(sub, sizeof(sub), "%s%s%s", strcmp(rel, ".") ? rel : "",
			     strcmp(rel, ".") ? "/" : "", names[i]) >= (int)sizeof(sub)) {
			rc = fail("path too long in \"%s\": %s", dir, names[i]);
			break;
		}
		snprintf(path, sizeof(path), "%s/%s", top, sub);
		if (lstat(path, &st) < 0) {
			rc = fail("could not stat file \"%s\":", path);
		} else if (S_ISDIR(st.st_mode)) {
			rc = add(m, &sc->cap, 'd', st.st_mode & 07777, 0, 0, sub);
			if (rc == 0)
				rc = scan_dir(top, sub, m, sc);
		} else if (S_ISREG(st.st_mode)) {
			uint32_t crc;
			rc = linked_crc(sc, path, &st, &crc);
			if (rc == 0)
				rc = add(m, &sc->cap, 'f', st.st_mode & 07777, st.st_size, crc, sub);
		} else {
			rc = fail("\"%s\" is neither a directory nor a regular file", path);
		}
	}
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

int cluster_scan(const char *dir, struct cluster_manifest *m)
{
	struct scan sc = { .cap = 0 };
	struct stat st;
	int rc = 0;

	*m = (struct cluster_manifest){ .n = 0 };
	if (stat(dir, &st) < 0)
		return fail("could not stat directory \"%s\":", dir);
	if (!S_ISDIR(st.st_mode))
		return fail("\"%s\" is not a directory", dir);
	if (add(m, &sc.cap, 'd', st.st_mode & 07777, 0, 0, ".") < 0 ||
	    scan_dir(dir, ".", m, &sc) < 0) {
		cluster_free(m);
		rc = -1;
	}
	free(sc.linked);
	return rc;
}

int cluster_print(const struct cluster_manifest *m, FILE *out)
{
	for (size_t i = 0; i < m->n; i++) {
		const struct cluster_entry *e = &m->e[i];
		if (fprintf(out, "%c %04o %lld %08x %s\n", e->kind, e->mode, e->size,
			    (unsigned)e->crc, e->path) < 0)
			return -1;
	}
	return 0;
}

/* One entry line: "f 0600 3 7c1a08e8 PG_VERSION". */
static int parse_entry(char *line, struct cluster_entry *e)
{
	char kind[2], path[PATH_MAX];
	unsigned mode, crc;
	long long size;
	int end = 0;

	if (sscanf(line, "%1[df] %o %lld %8x %n", kind, &mode, &size, &crc, &end) != 4 ||
	    end == 0 || size < 0 || !line[end] || strlen(line + end) >= sizeof(path))
		return -1;
	*e = (struct cluster_entry){ kind[0], mode, size, crc, line + end };
	return 0;
}

int cluster_read(const char *path, struct cluster_manifest *m)
{
	size_t len, cap = 0;
	char *text = read_text(path, MANIFEST_MAX, &len);
	int rc = 0, lineno = 0;

	*m = (struct cluster_manifest){ .n = 0 };
	if (!text)
		return fail("could not read the cluster manifest \"%s\":", path);
	sha256_of(text, len, m->digest);
	for (char *save = NULL, *line = strtok_r(text, "\n", &save); line && rc == 0;
	     line = strtok_r(NULL, "\n", &save)) {
		struct cluster_entry e;
		lineno++;
		if (lineno == 1 && strcmp(line, CLUSTER_FORMAT) != 0)
			rc = fail("cluster manifest \"%s\": its first line is not \"%s\"", path,
				  CLUSTER_FORMAT);
		else if (lineno == 2 && (strncmp(line, "initdb ", 7) != 0 ||
					 strlen(line + 7) >= sizeof(m->initdb)))
			rc = fail("cluster manifest \"%s\": line 2 does not name initdb's options",
				  path);
		else if (lineno == 2)
			snprintf(m->initdb, sizeof(m->initdb), "%s", line + 7);
		else if (lineno == 3 && strncmp(line, "load ", 5) == 0 &&
			 strlen(line + 5) >= sizeof(m->load))
			rc = fail("cluster manifest \"%s\": line 3's load is longer than %zu bytes",
				  path, sizeof(m->load) - 1);
		else if (lineno == 3 && strncmp(line, "load ", 5) == 0)
			snprintf(m->load, sizeof(m->load), "%s", line + 5);
		else if (lineno > 2 && parse_entry(line, &e) < 0)
			rc = fail("cluster manifest \"%s\", line %d: not \"KIND MODE SIZE CRC PATH\": %s",
				  path, lineno, line);
		else if (lineno > 2)
			rc = add(m, &cap, e.kind, e.mode, e.size, e.crc, e.path);
	}
	if (rc == 0 && (m->n == 0 || strcmp(m->e[0].path, ".") != 0))
		rc = fail("cluster manifest \"%s\" lists no template (no \".\" entry)", path);
	free(text);
	if (rc < 0)
		cluster_free(m);
	return rc;
}

static const char *kind_name(char kind)
{
	return kind == 'd' ? "a directory" : "a file";
}

static bool lists(const struct cluster_manifest *m, const char *path)
{
	for (size_t i = 0; i < m->n; i++)
		if (strcmp(m->e[i].path, path) == 0)
			return true;
	return false;
}

/* What follows each difference: where it comes from, and the fix. */
#define CHANGED "; the image was changed after it was built (make builds it again)"

int cluster_check(const char *dir, const struct cluster_manifest *m)
{
	struct cluster_manifest found;
	int rc = 0;

	if (cluster_scan(dir, &found) < 0)
		return -1;
	for (size_t i = 0; rc == 0 && (i < m->n || i < found.n); i++) {
		const struct cluster_entry *want = i < m->n ? &m->e[i] : NULL;
		const struct cluster_entry *got = i < found.n ? &found.e[i] : NULL;
		/* The file's CRC with the zeros the packed template leaves out. */
		uint32_t crc = want && got && got->size < want->size
			? crc32c_zeros(got->crc, (uint64_t)(want->size - got->size))
			: got ? got->crc : 0;

		if (want && (!got || strcmp(want->path, got->path) != 0)) {
			if (!got || !lists(&found, want->path))
				rc = fail("cluster template %s: %s is missing" CHANGED, dir,
					  want->path);
			else if (!lists(m, got->path))
				rc = fail("cluster template %s: %s is not in its manifest" CHANGED,
					  dir, got->path);
			else
				rc = fail("cluster manifest of %s: %s is out of its order" CHANGED,
					  dir, want->path);
		} else if (!want)
			rc = fail("cluster template %s: %s is not in its manifest" CHANGED, dir,
				  got->path);
		else if (want->kind != got->kind)
			rc = fail("cluster template %s: %s is %s, the manifest says %s" CHANGED,
				  dir, got->path, kind_name(got->kind), kind_name(want->kind));
		else if (want->mode != got->mode)
			rc = fail("cluster template %s: %s has mode %04o, the manifest says %04o"
				  CHANGED, dir, got->path, got->mode, want->mode);
		else if (got->size > want->size)
			rc = fail("cluster template %s: %s has %lld bytes, the manifest says %lld"
				  CHANGED, dir, got->path, got->size, want->size);
		else if (want->crc != crc) {
			char tail[80] = "";
			if (got->size < want->size)
				snprintf(tail, sizeof(tail), " (its %lld bytes, then zeros to %lld)",
					 got->size, want->size);
			rc = fail("cluster template %s: %s has CRC-32C %08x%s, the manifest says %08x"
				  CHANGED, dir, got->path, (unsigned)crc, tail, (unsigned)want->crc);
		}
	}
	cluster_free(&found);
	return rc;
}

void cluster_free(struct cluster_manifest *m)
{
	for (size_t i = 0; i < m->n; i++)
		free(m->e[i].path);
	free(m->e);
	m->e = NULL;
	m->n = m->files = 0;
	m->bytes = 0;
}
