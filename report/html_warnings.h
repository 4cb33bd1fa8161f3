/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * html_warnings.h: a table's warnings on the HTML page, grouped by kind
 * (the warning's code): under the table one bullet per kind, its message
 * once with the part that differs between the cells left out ("tps varies
 * by …% (CoV) across 3 repeats, more than 5%"), then the cells it touches,
 * column by column, each with that part ("clients=2 (45.4)"); in the
 * table a footnote mark of the kind in each cell it touches, unless it
 * touches every cell (the bullet says so).
 */
#ifndef BOOTBENCH_REPORT_HTML_WARNINGS_H
#define BOOTBENCH_REPORT_HTML_WARNINGS_H

#include "report/model.h"

#include <stdbool.h>
#include <stdio.h>

struct warn_kind {
	const char *code;
	char mark[4];           /* "a", "b", ...; "" when every cell has it */
	const char **msgs;      /* its distinct messages in the table */
	size_t nmsgs;
	size_t plen, slen;      /* the part the messages share: a prefix and a
				 * suffix, each ending and starting between words
				 * or numbers */
	bool whole;             /* what differs is long: each cell shows its
				 * whole message */
};

struct warn_kinds {
	struct warn_kind *k;
	size_t n;
};

/* The kinds of the warnings of table t, in the order of their first
 * appearance. */
void warn_kinds_build(const struct report *r, const struct table *t, struct warn_kinds *w);
void warn_kinds_free(struct warn_kinds *w);
/* The marks of the kinds that touch cell (row, col) of t. */
void html_warning_marks(FILE *f, const struct report *r, const struct table *t,
			const struct warn_kinds *w, size_t row, size_t col);
/* The list under the table: one bullet per kind. */
void html_warning_list(FILE *f, const struct report *r, const struct table *t,
		       const struct warn_kinds *w);

#endif
