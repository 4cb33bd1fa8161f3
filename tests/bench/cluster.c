/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The cluster template packed, checked and copied (bench/pg/cluster.h) on a
 * small template in /tmp: bytes then zeros, the same bytes under two names,
 * a file of zeros only, an empty file.  Packed, each file is cut after its
 * last byte that is not zero and the second of two alike is a hard link to
 * the first; the check passes the packed template and refuses a byte that
 * is not zero where the zeros are left out; the copy is each file as it was
 * written, to its end, in files of their own.  A loaded template (the same
 * files, one changed, one more) read from a manifest whose third line names
 * its load, packed with the packed template as its base: its files of the
 * same bytes as the base's are links to those, the changed and the new one
 * are not, and its check and copy give its own bytes.
 */
#include "bench/msg.h"
#include "bench/pg/cluster.h"
#include "tap.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char top[] = "/tmp/bootbench-cluster-XXXXXX";
static char tmpl[64], copy[64], loaded[64], loaded_copy[64], manifest[80];

/* What the last failure said ("" if none), forgotten for the next. */
static const char *reason(void)
{
	static char buf[1024];
	fail_take(buf, sizeof(buf));
	return buf;
}

/* The files of the template: name, bytes that are not zero, then zeros to size. */
static const struct {
	const char *path;
	const char *head;
	long long size;
} files[] = {
	{ "base/1/1259", "catalog", 8192 },
	{ "base/5/1259", "catalog", 8192 },
	{ "base/5/2619", "other", 8192 },
	{ "pg_wal/000000010000000000000001", "records", 1 << 20 },
	{ "pg_xact/0000", "", 8192 },
	{ "postmaster.opts", "", 0 },
};
#define N_FILES (sizeof(files) / sizeof(files[0]))

static void put(const char *dir, const char *path, const char *head, long long size)
{
	char p[256];
	snprintf(p, sizeof(p), "%s/%s", dir, path);
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	char *bytes = calloc(1, (size_t)size + 1);
	memcpy(bytes, head, strlen(head));
	if (fd < 0 || write(fd, bytes, (size_t)size) != size || close(fd) < 0)
		ok(0, "writing %s", p);
	free(bytes);
}

static struct stat stat_of(const char *dir, const char *path)
{
	char p[256];
	struct stat st = { .st_size = -1 };
	snprintf(p, sizeof(p), "%s/%s", dir, path);
	stat(p, &st);
	return st;
}

/* Whether dir/path holds head then zeros to size, no more. */
static bool holds(const char *dir, const char *path, const char *head, long long size)
{
	char p[256];
	snprintf(p, sizeof(p), "%s/%s", dir, path);
	FILE *f = fopen(p, "rb");
	if (!f)
		return false;
	long long n = 0;
	bool same = true;
	for (int c; (c = fgetc(f)) != EOF; n++)
		same = same && c == (n < (long long)strlen(head) ? (unsigned char)head[n] : 0);
	fclose(f);
	return same && n == size;
}

static void make_template(const char *dir)
{
	static const char *dirs[] = { "", "/base", "/base/1", "/base/5", "/pg_wal", "/pg_xact" };
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		char p[256];
		snprintf(p, sizeof(p), "%s%s", dir, dirs[i]);
		mkdir(p, 0700);
	}
	for (size_t i = 0; i < N_FILES; i++)
		put(dir, files[i].path, files[i].head, files[i].size);
}

/* The loaded template: the template, base/5/2619 changed, base/5/16399 new;
 * its manifest at manifest with the load's line.  0 or -1. */
static int make_loaded(struct cluster_manifest *m)
{
	make_template(loaded);
	put(loaded, "base/5/2619", "changed", 8192);
	put(loaded, "base/5/16399", "accounts", 16384);
	if (cluster_scan(loaded, m) < 0)
		return -1;
	FILE *f = fopen(manifest, "w");
	if (!f)
		return -1;
	fprintf(f, "%s\ninitdb -U postgres\nload pgbench -i -q -s 1 -I dtgvp\n", CLUSTER_FORMAT);
	int rc = cluster_print(m, f);
	cluster_free(m);
	return fclose(f) == 0 && rc == 0 ? cluster_read(manifest, m) : -1;
}

/* The loaded template packed against the packed template tmpl (m). */
static void check_loaded(const struct cluster_manifest *m)
{
	struct cluster_manifest l, plain;
	long long stored = -1;
	double sync_s = -1;

	int rc = make_loaded(&l);
	ok(rc == 0 && strcmp(l.load, "pgbench -i -q -s 1 -I dtgvp") == 0 &&
	   strcmp(l.initdb, "-U postgres") == 0 && l.files == N_FILES + 1,
	   "a manifest's third line names its load: \"%s\" %s", rc == 0 ? l.load : "", reason());
	ok(m->load[0] == '\0', "a manifest without it names none");
	rc = cluster_pack(loaded, &l, tmpl, m, &stored);
	ok(rc == 0, "the loaded template packed against the template %s", reason());
	is_int(stored, (long long)(strlen("changed") + strlen("accounts")),
	       "what it stores: its changed file and its new one");
	ok(stat_of(loaded, "base/1/1259").st_ino == stat_of(tmpl, "base/1/1259").st_ino &&
	   stat_of(loaded, files[3].path).st_ino == stat_of(tmpl, files[3].path).st_ino,
	   "its files of the template's bytes are links to the template's");
	ok(stat_of(loaded, "base/5/2619").st_nlink == 1 && stat_of(loaded, "base/5/16399").st_nlink == 1,
	   "the changed file and the new one are its own");
	ok(cluster_check(loaded, &l) == 0, "the packed loaded template passes the check");
	ok(cluster_check(tmpl, m) == 0, "and the template still does");
	mkdir(loaded_copy, 0700);
	rc = cluster_copy(loaded, &l, loaded_copy, NULL, getuid(), getgid(), &sync_s);
	ok(rc == 0 && holds(loaded_copy, "base/5/2619", "changed", 8192) &&
	   holds(loaded_copy, "base/5/16399", "accounts", 16384) &&
	   holds(loaded_copy, "base/1/1259", "catalog", 8192) &&
	   holds(loaded_copy, files[3].path, "records", 1 << 20),
	   "its copy holds its own bytes %s", reason());

	FILE *f = fopen(manifest, "w");
	if (f) {
		fprintf(f, "%s\ninitdb -U postgres\nload %0300d\n", CLUSTER_FORMAT, 0);
		fclose(f);
	}
	rc = cluster_read(manifest, &plain);
	const char *why = reason();
	ok(rc < 0 && strstr(why, "line 3's load is longer than 255 bytes"), "refused: %s", why);
	cluster_free(&l);
}

int main(void)
{
	struct cluster_manifest m, packed;
	long long stored = -1;
	double sync_s = -1;

	if (!mkdtemp(top)) {
		ok(0, "mkdtemp %s: %s", top, strerror(errno));
		return tap_done();
	}
	snprintf(tmpl, sizeof(tmpl), "%s/tmpl", top);
	snprintf(copy, sizeof(copy), "%s/copy", top);
	snprintf(loaded, sizeof(loaded), "%s/loaded", top);
	snprintf(loaded_copy, sizeof(loaded_copy), "%s/loaded-copy", top);
	snprintf(manifest, sizeof(manifest), "%s/loaded.manifest", top);
	make_template(tmpl);

	int rc = cluster_scan(tmpl, &m);
	ok(rc == 0 && m.files == N_FILES, "the template scanned: %zu files %s", m.files, reason());
	rc = cluster_pack(tmpl, &m, NULL, NULL, &stored);
	ok(rc == 0, "packed %s", reason());
	is_int(stored, (long long)(strlen("catalog") + strlen("other") + strlen("records")),
	       "what is stored: the bytes up to each file's last that is not zero, once");
	ok(stat_of(tmpl, files[3].path).st_size == (long long)strlen("records"),
	   "the WAL segment cut after its records");
	ok(stat_of(tmpl, files[4].path).st_size == 0, "a file of zeros stored empty");
	ok(stat_of(tmpl, files[0].path).st_ino == stat_of(tmpl, files[1].path).st_ino &&
	   stat_of(tmpl, files[0].path).st_nlink == 2,
	   "base/5/1259, the same bytes as base/1/1259, is a hard link to it");
	ok(stat_of(tmpl, files[2].path).st_nlink == 1, "base/5/2619, other bytes, is not");
	ok(stat_of(tmpl, files[4].path).st_nlink == 1 && stat_of(tmpl, files[5].path).st_nlink == 1,
	   "files left empty are not linked (they store nothing)");
	ok(cluster_check(tmpl, &m) == 0, "the packed template passes the check");
	ok(cluster_scan(tmpl, &packed) == 0 && packed.bytes == stored + (long long)strlen("catalog"),
	   "a scan of it lists each name with its stored size");
	cluster_free(&packed);

	/* A byte where the zeros are left out. */
	char wal[128];
	snprintf(wal, sizeof(wal), "%s/%s", tmpl, files[3].path);
	int fd = open(wal, O_WRONLY | O_APPEND);
	ok(fd >= 0 && write(fd, "x", 1) == 1 && close(fd) == 0, "a byte appended to the segment");
	rc = cluster_check(tmpl, &m);
	const char *why = reason();
	ok(rc < 0 && strstr(why, "000000010000000000000001 has CRC-32C ") &&
	   strstr(why, "(its 8 bytes, then zeros to 1048576), the manifest says"),
	   "refused: %s", why);
	ok(truncate(wal, (off_t)strlen("records")) == 0 && cluster_check(tmpl, &m) == 0,
	   "cut back, it passes");

	mkdir(copy, 0700);
	rc = cluster_copy(tmpl, &m, copy, NULL, getuid(), getgid(), &sync_s);
	ok(rc == 0 && sync_s >= 0, "copied %s", reason());
	bool whole = true, own = true, allocated = true;
	for (size_t i = 0; i < N_FILES; i++) {
		struct stat st = stat_of(copy, files[i].path);
		whole = whole && holds(copy, files[i].path, files[i].head, files[i].size);
		own = own && st.st_nlink == 1;
		allocated = allocated && (long long)st.st_blocks * 512 >= files[i].size;
	}
	ok(whole, "each copy holds its file's bytes and zeros to its size");
	ok(own, "each copy is a file of its own");
	ok(allocated, "the zeros are written, not holes");

	check_loaded(&m);
	cluster_free(&m);
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", top);
	ok(system(cmd) == 0, "the files removed");
	return tap_done();
}
