/* SPDX-License-Identifier: GPL-2.0-only */
/* svg_text.c: estimated text widths and line breaking for the charts. */
#include "report/svg_text.h"

#include "report/util.h"

#include <stdlib.h>
#include <string.h>

/* The advance of character c in em, about DejaVu Sans's, a little more
 * for the letters and digits of other fonts. */
static double advance(unsigned char c)
{
	if (c >= 0x80)
		return 0.8;     /* a multibyte character, counted at its lead byte */
	if (strchr(" .,:;'|!iljI()[]{}", c))
		return 0.38;
	if (strchr("=+<>~%@#&mwMW", c))
		return 0.88;
	if (c >= 'A' && c <= 'Z')
		return 0.76;
	if (c >= '0' && c <= '9')
		return 0.66;
	return 0.6;
}

double svg_text_width(const char *s, double px, bool bold)
{
	double em = 0;

	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if ((*p & 0xc0) != 0x80)
			em += advance(*p);
	return em * px * (bold ? 1.1 : 1.0);
}

char **svg_text_wrap(const char *s, double px, bool bold, double width, size_t *n)
{
	size_t len = strlen(s), k = 0;
	char **lines = xcalloc(len / 2 + 2, sizeof *lines);
	const char *p = s;

	while (*p == ' ')
		p++;
	while (*p) {
		/* The longest run of words from p that fits, at least one. */
		const char *end = strchr(p, ' '), *fit;
		if (!end)
			end = p + strlen(p);
		fit = end;
		while (*end == ' ') {
			const char *next = strchr(end + 1, ' ');
			char *try;
			if (!next)
				next = end + strlen(end);
			try = xasprintf("%.*s", (int)(next - p), p);
			bool fits = svg_text_width(try, px, bold) <= width;
			free(try);
			if (!fits)
				break;
			fit = end = next;
		}
		lines[k++] = xasprintf("%.*s", (int)(fit - p), p);
		p = fit;
		while (*p == ' ')
			p++;
	}
	if (k == 0)
		lines[k++] = xstrdup("");
	*n = k;
	return lines;
}

void svg_text_free(char **lines, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
}
