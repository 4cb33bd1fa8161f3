/* SPDX-License-Identifier: GPL-2.0-only */
/* linesplit.c: a child's output, split into lines (linesplit.h). */
#include "common/linesplit.h"

#include <string.h>

void linesplit_init(struct linesplit *ls, linesplit_fn *fn, void *ctx)
{
	ls->fn = fn;
	ls->ctx = ctx;
	ls->len = 0;
	ls->after_cr = false;
	ls->last[0] = '\0';
}

static void pass_on(struct linesplit *ls)
{
	if (ls->len == 0)
		return;
	ls->buf[ls->len] = '\0';
	memcpy(ls->last, ls->buf, ls->len + 1);
	ls->len = 0;
	if (ls->fn)
		ls->fn(ls->ctx, ls->last);
}

void linesplit_feed(struct linesplit *ls, const char *data, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char c = data[i];
		bool crlf = c == '\n' && ls->after_cr;

		ls->after_cr = c == '\r';
		if (crlf)
			continue;
		if (c == '\n' || c == '\r') {
			pass_on(ls);
			continue;
		}
		/* Full: this byte starts the next piece. */
		if (ls->len == sizeof(ls->buf) - 1)
			pass_on(ls);
		ls->buf[ls->len++] = c;
	}
}

void linesplit_end(struct linesplit *ls)
{
	pass_on(ls);
	ls->after_cr = false;
}
