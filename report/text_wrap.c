/* SPDX-License-Identifier: GPL-2.0-only */
/* text_wrap.c: text wrapped at TEXT_WIDTH (text_wrap.h). */
#include "report/text_wrap.h"

#include <string.h>

void text_wrapped(FILE *f, const char *prefix, size_t indent, const char *text)
{
	size_t col = strlen(prefix), start = col;
	const char *p = text;

	fputs(prefix, f);
	while (*p) {
		size_t word;
		while (*p == ' ')
			p++;
		word = strcspn(p, " ");
		if (!word)
			break;
		if (col > start) {
			if (col + 1 + word > TEXT_WIDTH) {
				fprintf(f, "\n%*s", (int)indent, "");
				col = start = indent;
			} else {
				fputc(' ', f);
				col++;
			}
		}
		while (col + word > TEXT_WIDTH) {
			size_t room = TEXT_WIDTH - col;
			fwrite(p, 1, room, f);
			p += room;
			word -= room;
			fprintf(f, "\n%*s", (int)indent, "");
			col = start = indent;
		}
		fwrite(p, 1, word, f);
		col += word;
		p += word;
	}
	fputc('\n', f);
}
