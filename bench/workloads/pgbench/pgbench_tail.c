/* SPDX-License-Identifier: GPL-2.0-only */
/* pgbench_tail.c: follow pgbench's log files and free what was read (pgbench_tail.h). */
#include "bench/workloads/pgbench/pgbench_tail.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CHUNK (64 * 1024)
#define PAGE  4096

static char chunk[CHUNK];

void pgbench_tail_init(struct pgbench_tail *t, const char *dir,
		       const char *prefix, pgbench_tail_fn *fn, void *ctx)
{
	memset(t, 0, sizeof(*t));
	t->dir = dir;
	t->prefix = prefix;
	t->fn = fn;
	t->ctx = ctx;
}

/* Files that appeared since the last poll, in the order found. */
static int find_files(struct pgbench_tail *t, char *err, size_t len)
{
	DIR *d = opendir(t->dir);
	struct dirent *de;
	size_t plen = strlen(t->prefix);
	int rc = 0;

	if (!d) {
		snprintf(err, len, "could not open directory \"%s\": %s", t->dir, strerror(errno));
		return -1;
	}
	while (rc == 0 && (de = readdir(d))) {
		if (strncmp(de->d_name, t->prefix, plen) != 0 ||
		    strlen(de->d_name) >= sizeof(t->files[0].name))
			continue;
		size_t i;
		for (i = 0; i < t->n_files; i++)
			if (strcmp(t->files[i].name, de->d_name) == 0)
				break;
		if (i < t->n_files)
			continue;
		struct pgbench_tail_file *p = realloc(t->files, (t->n_files + 1) * sizeof(*p));
		if (!p) {
			snprintf(err, len, "out of memory for %zu log files", t->n_files + 1);
			rc = -1;
			break;
		}
		t->files = p;
		struct pgbench_tail_file *f = &t->files[t->n_files];
		memset(f, 0, sizeof(*f));
		memcpy(f->name, de->d_name, strlen(de->d_name) + 1);   /* fits: checked above */
		int dfd = dirfd(d);
		/* writable to punch holes; read-only will do without */
		f->fd = openat(dfd, f->name, O_RDWR | O_CLOEXEC);
		if (f->fd < 0)
			f->fd = openat(dfd, f->name, O_RDONLY | O_CLOEXEC);
		if (f->fd < 0) {
			snprintf(err, len, "could not open \"%s/%s\": %s", t->dir, f->name,
				 strerror(errno));
			rc = -1;
			break;
		}
		t->n_files++;
	}
	closedir(d);
	return rc;
}

/* One line of file i (NUL-terminated, without its newline). */
static int give(struct pgbench_tail *t, size_t i, const char *line, char *err, size_t len)
{
	struct pgbench_tail_file *f = &t->files[i];
	char why[256];

	f->line_no++;
	t->lines++;
	if (t->fn(t->ctx, i, line, why, sizeof(why)) < 0) {
		snprintf(err, len, "%s/%s:%lld: %s", t->dir, f->name, f->line_no, why);
		return -1;
	}
	return 0;
}

/* The bytes in chunk: whole lines to fn, the rest kept for the next read. */
static int split(struct pgbench_tail *t, size_t i, size_t n, char *err, size_t len)
{
	struct pgbench_tail_file *f = &t->files[i];
	const char *p = chunk, *end = chunk + n;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t take = (size_t)((nl ? nl : end) - p);
		if (f->n_partial + take >= sizeof(f->partial)) {
			snprintf(err, len, "%s/%s:%lld: a line longer than %d bytes: not a pgbench log",
				 t->dir, f->name, f->line_no + 1, PGBENCH_TAIL_LINE_MAX);
			return -1;
		}
		memcpy(f->partial + f->n_partial, p, take);
		f->n_partial += take;
		if (!nl)
			break;
		f->partial[f->n_partial] = '\0';
		f->n_partial = 0;
		if (give(t, i, f->partial, err, len) < 0)
			return -1;
		p = nl + 1;
	}
	return 0;
}

/* What file i gained; *held gets what it held before it was punched. */
static int read_file(struct pgbench_tail *t, size_t i, long long *held,
		     char *err, size_t len)
{
	struct pgbench_tail_file *f = &t->files[i];
	struct stat st;

	for (;;) {
		ssize_t n = pread(f->fd, chunk, sizeof(chunk), f->offset);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(err, len, "could not read \"%s/%s\": %s", t->dir, f->name,
				 strerror(errno));
			return -1;
		}
		if (n == 0)
			break;
		f->offset += n;
		t->bytes += n;
		if (split(t, i, (size_t)n, err, len) < 0)
			return -1;
	}
	if (fstat(f->fd, &st) == 0)
		*held += (long long)st.st_blocks * 512;
	off_t upto = f->offset / PAGE * PAGE;
	if (upto > f->punched && !t->punch_failed) {
		if (fallocate(f->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
			      f->punched, upto - f->punched) == 0)
			f->punched = upto;
		else
			t->punch_failed = true;  /* EOPNOTSUPP, or opened read-only */
	}
	return 0;
}

int pgbench_tail_poll(struct pgbench_tail *t, char *err, size_t len)
{
	long long held = 0;

	if (find_files(t, err, len) < 0)
		return -1;
	for (size_t i = 0; i < t->n_files; i++)
		if (read_file(t, i, &held, err, len) < 0)
			return -1;
	if (held > t->held_peak)
		t->held_peak = held;
	return 0;
}

int pgbench_tail_end(struct pgbench_tail *t, char *err, size_t len)
{
	if (pgbench_tail_poll(t, err, len) < 0)
		return -1;
	for (size_t i = 0; i < t->n_files; i++) {
		struct pgbench_tail_file *f = &t->files[i];
		if (f->n_partial == 0)
			continue;
		f->partial[f->n_partial] = '\0';
		f->n_partial = 0;
		if (give(t, i, f->partial, err, len) < 0)
			return -1;
	}
	return 0;
}

void pgbench_tail_close(struct pgbench_tail *t)
{
	for (size_t i = 0; i < t->n_files; i++)
		close(t->files[i].fd);
	free(t->files);
	t->files = NULL;
	t->n_files = 0;
}
