/* SPDX-License-Identifier: GPL-2.0-only */
/* clocks.c: the runs' clocks compared, and said (clocks.h). */
#include "report/clocks.h"

#include "report/diag.h"
#include "report/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INSTRUCTIONS "instructions:"

/* The distinct clocks of the runs of the measurements, in the order of the
 * runs: each with its first run and how many runs have it. */
struct seen {
	const char *clock[8];
	const char *run[8];
	size_t runs[8];
	size_t n;
	size_t more;		/* runs of clocks beyond the eight */
};

static void clocks_seen(const struct dataset *ds, struct seen *s)
{
	memset(s, 0, sizeof *s);
	for (size_t i = 0; i < ds->nm; i++) {
		const struct run *r = ds->m[i].run;
		size_t k = 0;

		/* The measurements are sorted by run: each run once. */
		if (i > 0 && ds->m[i - 1].run == r)
			continue;
		while (k < s->n && strcmp(s->clock[k], r->clock) != 0)
			k++;
		if (k == s->n) {
			if (s->n == sizeof s->clock / sizeof s->clock[0]) {
				s->more++;
				continue;
			}
			s->clock[k] = r->clock;
			s->run[k] = r->name;
			s->n++;
		}
		s->runs[k]++;
	}
}

/* "host in 3 runs (20261205T..._a1b2), instructions:3 in 2 (...)". */
static char *clocks_list(const struct seen *s, bool with_run)
{
	char *text = xstrdup("");

	for (size_t k = 0; k < s->n; k++) {
		char *n = xasprintf("%s%s%s in %zu run%s%s%s%s", text, k ? ", " : "", s->clock[k],
				    s->runs[k], s->runs[k] == 1 ? "" : "s", with_run ? " (" : "",
				    with_run ? s->run[k] : "", with_run ? ")" : "");
		free(text);
		text = n;
	}
	if (s->more) {
		char *n = xasprintf("%s, more in %zu", text, s->more);
		free(text);
		text = n;
	}
	return text;
}

int clocks_check(const struct dataset *ds, bool mixed_ok)
{
	struct seen s;
	char *list;

	clocks_seen(ds, &s);
	if (s.n < 2 || mixed_ok)
		return 0;
	list = clocks_list(&s, true);
	fail("the runs are measured in different clocks: %s; figures of different clocks "
	     "do not compare (doc/clocks.md): give --mixed-clocks to compare them anyway", list);
	free(list);
	return 2;
}

const char *clocks_mode(const struct dataset *ds, int *shift)
{
	struct seen s;

	clocks_seen(ds, &s);
	*shift = -1;
	if (s.n > 1)
		return "mixed";
	if (s.n == 0 || strncmp(s.clock[0], INSTRUCTIONS, strlen(INSTRUCTIONS)) != 0)
		return "host";
	*shift = atoi(s.clock[0] + strlen(INSTRUCTIONS));
	return "instructions";
}

char *clocks_note(const struct dataset *ds)
{
	struct seen s;
	char *list, *note;
	int shift;
	const char *mode = clocks_mode(ds, &shift);

	if (strcmp(mode, "instructions") == 0)
		return xasprintf("instruction time: QEMU -icount shift %d, a model of path length, "
				 "not of the hardware's speed (doc/clocks.md)", shift);
	if (strcmp(mode, "mixed") != 0)
		return NULL;
	clocks_seen(ds, &s);
	list = clocks_list(&s, false);
	note = xasprintf("mixed, compared as asked (--mixed-clocks): %s; a difference between "
			 "clocks is no change of what was measured", list);
	free(list);
	return note;
}
