/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The cluster template packed, checked and copied (bench/pg/cluster.h) on a
 * small template in /tmp: bytes then zeros, the same bytes under two names,
 * a file of zeros only, an empty file.  Packed, each file is cut after its
 * last byte that is not zero and the second of two alike is a hard link to
 * the first; the check passes the packed template and refuses a byte that
 * is not zero where the zeros are left out; the copy is each file as it was
 * written, to its end, in files of their own.
 */
#include "bench/msg.h"
#include "bench/pg/cluster.h"
#include "tap.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char top[] = "/tmp/bootbench-cluster-XXXXXX";
static char tmpl[64], copy[64];

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

static void make_template(void)
{
	static const char *dirs[] = { "", "/base", "/base/1", "/base/5", "/pg_wal", "/pg_xact" };
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		char p[256];
		snprintf(p, sizeof(p), "%s%s", tmpl, dirs[i]);
		mkdir(p, 0700);
	}
	for (size_t i = 0; i < N_FILES; i++)
		put(tmpl, files[i].path, files[i].head, files[i].size);
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
	make_template();

	int rc = cluster_scan(tmpl, &m);
	ok(rc == 0 && m.files == N_FILES, "the template scanned: %zu files %s", m.files, reason());
	rc = cluster_pack(tmpl, &m, &stored);
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

	cluster_free(&m);
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", top);
	ok(system(cmd) == 0, "the files removed");
	return tap_done();
}
