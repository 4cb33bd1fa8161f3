/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * linesplit.h: a child's output, split into lines.
 *
 * A line ends at '\n', at "\r\n" or at a lone '\r' (a progress meter
 * rewriting its line).  Empty lines are not passed on.  A line longer than
 * LINESPLIT_MAX - 1 bytes is passed on in pieces of that many bytes; a
 * last line without a newline is passed on by linesplit_end().  The last
 * line passed on is kept: it usually says why a tool failed.
 */
#ifndef BOOTBENCH_COMMON_LINESPLIT_H
#define BOOTBENCH_COMMON_LINESPLIT_H

#include <stdbool.h>
#include <stddef.h>

#define LINESPLIT_MAX 4096

typedef void linesplit_fn(void *ctx, const char *line);

struct linesplit {
	linesplit_fn *fn;		/* NULL: lines are only kept in last */
	void *ctx;
	size_t len;
	bool after_cr;			/* the byte before was '\r' */
	char buf[LINESPLIT_MAX];
	char last[LINESPLIT_MAX];	/* the last line passed on, or "" */
};

void linesplit_init(struct linesplit *ls, linesplit_fn *fn, void *ctx);

/* Take n more bytes of output. */
void linesplit_feed(struct linesplit *ls, const char *data, size_t n);

/* The output has ended: pass on a last line without newline. */
void linesplit_end(struct linesplit *ls);

#endif
