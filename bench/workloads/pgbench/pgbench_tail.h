/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pgbench_tail.h: follow pgbench's log files while pgbench writes them,
 * and give the memory they held back.
 *
 * pgbench writes one log file per thread (pgbench_log.<pid>,
 * pgbench_log.<pid>.<thread>) in its directory, on /tmp: memory in the
 * appliance.  Each poll reads what every file gained since the last one,
 * hands each whole line to a function (with the file's number, in the
 * order the files were first seen), and punches the part already read out
 * of the file (fallocate FALLOC_FL_PUNCH_HOLE, which tmpfs frees at once),
 * so that the files hold what pgbench wrote since the last poll, not the
 * whole run.  Where punching holes is not supported the files keep their
 * size (a disk, in host mode), and the figures say so.
 */
#ifndef BOOTBENCH_PGBENCH_TAIL_H
#define BOOTBENCH_PGBENCH_TAIL_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* The longest line a log may hold (pgbench's are under 100 bytes). */
#define PGBENCH_TAIL_LINE_MAX 512

/* A line: 0, or -1 with why in err. */
typedef int pgbench_tail_fn(void *ctx, size_t file, const char *line,
			    char *err, size_t len);

struct pgbench_tail_file {
	char name[64];
	int fd;
	off_t offset;              /* read up to here */
	off_t punched;             /* freed up to here */
	char partial[PGBENCH_TAIL_LINE_MAX];   /* a line not ended yet */
	size_t n_partial;
	long long line_no;
};

struct pgbench_tail {
	const char *dir;
	const char *prefix;        /* "pgbench_log." */
	pgbench_tail_fn *fn;
	void *ctx;
	struct pgbench_tail_file *files;
	size_t n_files;
	/* figures */
	long long bytes;           /* read in all */
	long long lines;
	long long held_peak;       /* most bytes the files held at a poll (st_blocks) */
	bool punch_failed;         /* the filesystem could not punch holes */
};

void pgbench_tail_init(struct pgbench_tail *t, const char *dir,
		       const char *prefix, pgbench_tail_fn *fn, void *ctx);

/* Read what the files gained.  0, or -1 with the file, line and why in err. */
int pgbench_tail_poll(struct pgbench_tail *t, char *err, size_t len);

/* The last poll, once pgbench has ended: a last line without its newline
 * is taken too.  0 or -1 as pgbench_tail_poll. */
int pgbench_tail_end(struct pgbench_tail *t, char *err, size_t len);

/* Close the files (they stay in dir). */
void pgbench_tail_close(struct pgbench_tail *t);

#endif
