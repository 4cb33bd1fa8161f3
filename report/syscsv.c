/* SPDX-License-Identifier: GPL-2.0-only */
/* syscsv.c: a column of a CSV text with empty fields (see syscsv.h). */
#include "report/syscsv.h"

#include "report/util.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The length of the line at s, without its "\n" or "\r\n". */
static size_t line_len(const char *s)
{
	size_t len = strcspn(s, "\n");

	return len > 0 && s[len - 1] == '\r' ? len - 1 : len;
}

/* Field i of the line [s, s + len) as [*f, *f + *flen); false if the line
 * has fewer fields. */
static bool field_at(const char *s, size_t len, size_t i, const char **f, size_t *flen)
{
	const char *end = s + len, *comma;

	for (; i > 0; i--) {
		comma = memchr(s, ',', (size_t)(end - s));
		if (!comma)
			return false;
		s = comma + 1;
	}
	comma = memchr(s, ',', (size_t)(end - s));
	*f = s;
	*flen = comma ? (size_t)(comma - s) : (size_t)(end - s);
	return true;
}

static double field_number(const char *f, size_t flen)
{
	char buf[64], *end;
	double v;

	if (flen == 0 || flen >= sizeof buf)
		return NAN;
	memcpy(buf, f, flen);
	buf[flen] = '\0';
	v = strtod(buf, &end);
	return *end == '\0' && isfinite(v) ? v : NAN;
}

double *csv_column(const char *text, const char *name, size_t *n)
{
	size_t len = line_len(text), col = 0, flen, cap = 0;
	const char *f, *p;
	double *out = NULL;

	*n = 0;
	while (field_at(text, len, col, &f, &flen) &&
	       !(flen == strlen(name) && memcmp(f, name, flen) == 0))
		col++;
	if (!field_at(text, len, col, &f, &flen))
		return NULL;
	for (p = text + strcspn(text, "\n"); *p; p += strcspn(p, "\n")) {
		p++;
		len = line_len(p);
		if (len == 0)
			continue;
		grow(&out, &cap, *n + 1, sizeof *out);
		out[(*n)++] = field_at(p, len, col, &f, &flen) ? field_number(f, flen) : NAN;
	}
	if (!out)
		out = xcalloc(1, sizeof *out);
	return out;
}
