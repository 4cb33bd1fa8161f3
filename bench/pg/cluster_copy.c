/* SPDX-License-Identifier: GPL-2.0-only */
/* cluster_copy.c: a fresh data directory copied from the cluster template. */
#include "bench/pg/cluster.h"
#include "bench/msg.h"
#include "common/clock.h"
#include "common/fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <string.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <unistd.h>

/* path's copy in datadir, or in waldir for what is under pg_wal when
 * there is one. */
static void destination(char *buf, size_t len, const char *path, const char *datadir,
			const char *waldir)
{
	if (waldir && strncmp(path, "pg_wal/", 7) == 0)
		snprintf(buf, len, "%s/%s", waldir, path + 7);
	else if (strcmp(path, ".") == 0)
		snprintf(buf, len, "%s", datadir);
	else
		snprintf(buf, len, "%s/%s", datadir, path);
}

/* Copy size bytes from in to out: inside the kernel where it can
 * (sendfile: the template's pages go to the new file without passing
 * through this process, which counts in instruction time), else through
 * a buffer. */
static int copy_bytes(int in, int out, long long size, const char *from, const char *to)
{
	static char buf[1 << 16];
	bool in_kernel = true;

	while (size > 0) {
		ssize_t n = -1;
		if (in_kernel) {
			n = sendfile(out, in, NULL, size < (1LL << 30) ? (size_t)size : 1u << 30);
			if (n < 0 && (errno == EINVAL || errno == ENOSYS)) {
				in_kernel = false;
				continue;
			}
		} else {
			n = read(in, buf, size < (long long)sizeof(buf) ? (size_t)size : sizeof(buf));
			if (n > 0 && write_all(out, buf, (size_t)n) < 0)
				return fail("could not write file \"%s\":", to);
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return fail("could not copy \"%s\" to \"%s\":", from, to);
		if (n == 0)
			return fail("could not copy \"%s\": it ended %lld bytes early", from, size);
		size -= n;
	}
	return 0;
}

/* Write size zero bytes to out: the tail a packed template does not store
 * (cluster.h), written as initdb wrote it, not left a hole. */
static int write_zeros(int out, long long size, const char *to)
{
	static const char zeros[1 << 16];

	for (; size > 0; size -= (long long)sizeof(zeros))
		if (write_all(out, zeros, size < (long long)sizeof(zeros) ? (size_t)size
									 : sizeof(zeros)) < 0)
			return fail("could not write file \"%s\":", to);
	return 0;
}

static int copy_file(const char *from, const char *to, const struct cluster_entry *e,
		     uid_t uid, gid_t gid)
{
	int rc = 0;
	struct stat st;
	int in = open(from, O_RDONLY | O_CLOEXEC);
	if (in < 0)
		return fail("could not open file \"%s\":", from);
	if (fstat(in, &st) < 0)
		rc = fail("could not stat file \"%s\":", from);
	else if (st.st_size > e->size)
		rc = fail("could not copy \"%s\": it has %lld bytes, its manifest says %lld",
			  from, (long long)st.st_size, e->size);
	if (rc < 0) {
		close(in);
		return rc;
	}
	int out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, e->mode);
	if (out < 0) {
		close(in);
		return fail("could not create file \"%s\":", to);
	}
	if (fchown(out, uid, gid) < 0)
		rc = fail("could not change the owner of \"%s\":", to);
	else if (fchmod(out, e->mode) < 0)
		rc = fail("could not change the mode of \"%s\":", to);
	else if ((rc = copy_bytes(in, out, st.st_size, from, to)) == 0)
		rc = write_zeros(out, e->size - st.st_size, to);
	if (close(out) < 0 && rc == 0)
		rc = fail("could not write file \"%s\":", to);
	close(in);
	return rc;
}

static int make_dir(const char *to, unsigned mode, uid_t uid, gid_t gid, bool exists)
{
	if (!exists && mkdir(to, mode) < 0)
		return fail("could not create directory \"%s\":", to);
	if (chown(to, uid, gid) < 0)
		return fail("could not change the owner of \"%s\":", to);
	if (chmod(to, mode) < 0)
		return fail("could not change the mode of \"%s\":", to);
	return 0;
}

/* Write what the copy left in memory to the disk of dir's filesystem. */
static int sync_filesystem(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return fail("could not open directory \"%s\":", dir);
	int rc = syncfs(fd) < 0 ? fail("could not sync the filesystem of \"%s\":", dir) : 0;
	close(fd);
	return rc;
}

int cluster_copy(const char *dir, const struct cluster_manifest *m, const char *datadir,
		 const char *waldir, uid_t uid, gid_t gid, double *sync_s)
{
	for (size_t i = 0; i < m->n; i++) {
		const struct cluster_entry *e = &m->e[i];
		char from[PATH_MAX], to[PATH_MAX];
		int rc;

		snprintf(from, sizeof(from), "%s/%s", dir, e->path);
		if (waldir && strcmp(e->path, "pg_wal") == 0) {
			/* initdb -X: the directory on the WAL volume, a link to it. */
			snprintf(to, sizeof(to), "%s/pg_wal", datadir);
			if (symlink(waldir, to) < 0)
				return fail("could not create symbolic link \"%s\":", to);
			if (lchown(to, uid, gid) < 0)
				return fail("could not change the owner of \"%s\":", to);
			rc = make_dir(waldir, e->mode, uid, gid, true);
		} else {
			destination(to, sizeof(to), e->path, datadir, waldir);
			rc = e->kind == 'd' ? make_dir(to, e->mode, uid, gid, i == 0)
					    : copy_file(from, to, e, uid, gid);
		}
		if (rc < 0)
			return -1;
	}
	double t0 = clock_now();
	if (sync_filesystem(datadir) < 0 || (waldir && sync_filesystem(waldir) < 0))
		return -1;
	*sync_s = clock_now() - t0;
	return 0;
}
