/* SPDX-License-Identifier: GPL-2.0-only */
/* html_warnings.c: a table's warnings grouped by kind (html_warnings.h). */
#include "report/html_warnings.h"

#include "report/layout.h"
#include "report/svg.h"
#include "report/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Longer than this, the part that differs is no short figure: the cells
 * show their whole messages. */
#define PART_MAX 16

/* Characters of a word or a number: a shared part ends and starts
 * between them, never inside "21.0". */
static bool in_token(char c)
{
	return isalnum((unsigned char)c) || c == '.';
}

/* The shared prefix and suffix of the kind's messages. */
static void shared_parts(struct warn_kind *k)
{
	const char *m0 = k->msgs[0];
	size_t len0 = strlen(m0), min = len0, p = len0, s = len0;

	if (k->nmsgs == 1) {
		k->plen = len0;
		k->slen = 0;
		return;
	}
	for (size_t i = 1; i < k->nmsgs; i++) {
		const char *m = k->msgs[i];
		size_t len = strlen(m), a = 0, b = 0;
		while (a < p && m[a] == m0[a])
			a++;
		while (b < s && b < len && m[len - 1 - b] == m0[len0 - 1 - b])
			b++;
		p = a;
		s = b;
		min = len < min ? len : min;
	}
	while (p > 0 && in_token(m0[p - 1]))
		p--;
	if (s > min - p)
		s = min - p;
	while (s > 0 && in_token(m0[len0 - s]))
		s--;
	k->plen = p;
	k->slen = s;
	for (size_t i = 0; i < k->nmsgs; i++)
		if (strlen(k->msgs[i]) - p - s > PART_MAX)
			k->whole = true;
}

static struct warn_kind *kind_of(struct warn_kinds *w, const char *code)
{
	for (size_t i = 0; i < w->n; i++)
		if (strcmp(w->k[i].code, code) == 0)
			return &w->k[i];
	w->k = xrealloc(w->k, (w->n + 1) * sizeof *w->k);
	memset(&w->k[w->n], 0, sizeof *w->k);
	w->k[w->n].code = code;
	return &w->k[w->n++];
}

/* The part of its message that cell c has of kind k, each distinct one
 * once and joined by ", " ("" if the kind has one message only); NULL if
 * k does not touch c. */
static char *cell_part(const struct report *r, const struct cell *c, const struct warn_kind *k)
{
	char **parts = xcalloc(c->nwarnings + 1, sizeof *parts), *out = NULL;
	size_t n = 0;

	for (size_t i = 0; i < c->nwarnings; i++) {
		const struct warning *wr = &r->legend[c->warnings[i] - 1];
		size_t len = strlen(wr->message), seen = 0;
		if (strcmp(wr->code, k->code) != 0)
			continue;
		char *part = k->whole ? xstrdup(wr->message) :
			xasprintf("%.*s", (int)(len - k->plen - k->slen), wr->message + k->plen);
		while (seen < n && strcmp(parts[seen], part) != 0)
			seen++;
		if (seen < n) {
			free(part);
			continue;
		}
		parts[n++] = part;
		char *joined = out ? xasprintf("%s, %s", out, part) : xstrdup(part);
		free(out);
		out = joined;
	}
	for (size_t i = 0; i < n; i++)
		free(parts[i]);
	free(parts);
	return out;
}

void warn_kinds_build(const struct report *r, const struct table *t, struct warn_kinds *w)
{
	size_t nids, marked = 0;
	int *ids = table_warnings(r, t, &nids);

	memset(w, 0, sizeof *w);
	for (size_t i = 0; i < nids; i++) {
		const struct warning *wr = &r->legend[ids[i] - 1];
		struct warn_kind *k = kind_of(w, wr->code);
		k->msgs = xrealloc(k->msgs, (k->nmsgs + 1) * sizeof *k->msgs);
		k->msgs[k->nmsgs++] = wr->message;
	}
	free(ids);
	for (size_t i = 0; i < w->n; i++) {
		struct warn_kind *k = &w->k[i];
		bool every = true;
		shared_parts(k);
		for (size_t c = 0; c < t->nrows * r->ncols && every; c++) {
			char *part = t->cells[c].n ? cell_part(r, &t->cells[c], k) : NULL;
			every = !t->cells[c].n || part;
			free(part);
		}
		if (!every && marked < 26)
			snprintf(k->mark, sizeof k->mark, "%c", 'a' + (int)marked++);
		else if (!every)
			snprintf(k->mark, sizeof k->mark, "%c%zu", 'z', marked++ - 25);
	}
}

void warn_kinds_free(struct warn_kinds *w)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->k[i].msgs);
	free(w->k);
	memset(w, 0, sizeof *w);
}

void html_warning_marks(FILE *f, const struct report *r, const struct table *t,
			const struct warn_kinds *w, size_t row, size_t col)
{
	const struct cell *c = &t->cells[row * r->ncols + col];

	for (size_t i = 0; i < w->n; i++) {
		char *part;
		if (!*w->k[i].mark || !(part = cell_part(r, c, &w->k[i])))
			continue;
		fprintf(f, " <sup class=\"mark\" title=\"");
		html_escape(f, w->k[i].code);
		fprintf(f, "\">%s</sup>", w->k[i].mark);
		free(part);
	}
}

/* A cell of the list: "clients=2 (45.4)", " (45.4)" in a single row. */
static void cell_entry(FILE *f, const struct table *t, size_t row, const char *part, bool first)
{
	fprintf(f, "%s", first ? "" : ", ");
	if (t->row_key) {
		html_escape(f, t->row_key);
		fputc('=', f);
		html_escape(f, t->rows[row]);
	}
	if (*part) {
		fprintf(f, " (");
		html_escape(f, part);
		fputc(')', f);
	}
}

/* The cells of column col that kind k touches: "kernel=6.12: clients=1
 * (21.0), clients=2 (45.4)", or "kernel=6.12: every row (1979)" when it
 * touches each row with the same part. */
static bool column_entry(FILE *f, const struct report *r, const struct table *t,
			 const struct warn_kind *k, size_t col, bool first)
{
	char **parts = xcalloc(t->nrows, sizeof *parts);
	const char *same = NULL;
	size_t touched = 0, rows = 0;
	bool alike = true;

	for (size_t row = 0; row < t->nrows; row++) {
		const struct cell *c = &t->cells[row * r->ncols + col];
		rows += c->n > 0;
		parts[row] = c->n ? cell_part(r, c, k) : NULL;
		if (!parts[row])
			continue;
		if (!same)
			same = parts[row];
		alike = alike && strcmp(parts[row], same) == 0;
		touched++;
	}
	if (touched) {
		fprintf(f, "%s", first ? "" : "; ");
		html_escape(f, r->axis);
		fputc('=', f);
		html_escape(f, r->cols[col]);
		fprintf(f, "%s", t->row_key ? ": " : "");
	}
	if (touched && t->row_key && touched == rows && rows > 1 && alike) {
		fprintf(f, "every row");
		if (*same) {
			fprintf(f, " (");
			html_escape(f, same);
			fputc(')', f);
		}
	} else {
		for (size_t row = 0, n = 0; row < t->nrows; row++)
			if (parts[row])
				cell_entry(f, t, row, parts[row], n++ == 0);
	}
	for (size_t row = 0; row < t->nrows; row++)
		free(parts[row]);
	free(parts);
	return touched > 0;
}

void html_warning_list(FILE *f, const struct report *r, const struct table *t,
		       const struct warn_kinds *w)
{
	if (!w->n)
		return;
	fprintf(f, "<ul class=\"foot warn\">\n");
	for (size_t i = 0; i < w->n; i++) {
		const struct warn_kind *k = &w->k[i];
		const char *m0 = k->msgs[0];
		bool first = true;
		fprintf(f, "<li data-kind=\"");
		html_escape(f, k->code);
		fprintf(f, "\">");
		if (*k->mark)
			fprintf(f, "<sup class=\"mark\">%s</sup> ", k->mark);
		fprintf(f, "<b>");
		html_escape(f, k->code);
		fprintf(f, "</b>");
		if (!k->whole) {
			char *shared = k->nmsgs > 1 ? xasprintf("%.*s…%s", (int)k->plen, m0,
								m0 + strlen(m0) - k->slen) : xstrdup(m0);
			fprintf(f, ": ");
			html_escape(f, shared);
			free(shared);
		}
		if (!*k->mark && k->nmsgs == 1) {
			fprintf(f, " — in every cell.</li>\n");
			continue;
		}
		fprintf(f, " — in ");
		for (size_t ci = 0; ci < t->ncols; ci++)
			if (column_entry(f, r, t, k, t->cols[ci], first))
				first = false;
		fprintf(f, ".</li>\n");
	}
	fprintf(f, "</ul>\n");
}
