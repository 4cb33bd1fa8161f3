/* SPDX-License-Identifier: GPL-2.0-only */
/* prof_folded.c: folded stacks files (prof_folded.h). */
#include "report/profile/prof_folded.h"

#include "report/diag.h"
#include "report/profile/profile.h"
#include "report/util.h"
#include "report/whole_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A frame as the folded format allows it: no ';' (the separator). */
static void frame_print(FILE *f, const char *name)
{
	for (; *name; name++)
		fputc(*name == ';' ? ':' : *name, f);
}

static int cmp_lines(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void folded_print(FILE *f, const struct funcs *fs, const struct stacks *s)
{
	char **lines = xcalloc(s->n, sizeof *lines);

	for (size_t i = 0; i < s->n; i++) {
		const struct stack *st = &s->v[i];
		size_t len = 0;
		FILE *m = open_memstream(&lines[i], &len);
		if (!m) {
			fail("out of memory");
			exit(2);
		}
		frame_print(m, fs->comms[st->comm]);
		for (size_t k = 0; k < st->nframes; k++) {
			const struct func *fn = &fs->v[st->frames[k]];
			fputc(';', m);
			frame_print(m, fn->name);
			if (fn->kind == KIND_KERNEL)
				fputs("_[k]", m);
		}
		fprintf(m, " %llu", st->count);
		fclose(m);
	}
	qsort(lines, s->n, sizeof *lines, cmp_lines);
	for (size_t i = 0; i < s->n; i++) {
		fprintf(f, "%s\n", lines[i]);
		free(lines[i]);
	}
	free(lines);
}

/* The directory of the files, a new string, or NULL for none. */
static char *folded_dir(const struct report_options *o)
{
	size_t n;

	if (o->folded)
		return xstrdup(o->folded);
	if (!o->html)
		return NULL;
	n = strlen(o->html);
	if (n > 5 && strcmp(o->html + n - 5, ".html") == 0)
		n -= 5;
	return xasprintf("%.*s.folded", (int)n, o->html);
}

/* A case's name as a file name: letters, digits, '.', '-' and '_'. */
static char *file_name(const char *name, const char *letter)
{
	char *s = xasprintf("%s.%s.folded", name, letter);

	for (char *p = s; *p; p++)
		if (!(*p >= 'a' && *p <= 'z') && !(*p >= 'A' && *p <= 'Z') &&
		    !(*p >= '0' && *p <= '9') && !strchr(".-_", *p))
			*p = '_';
	return s;
}

static int write_cell(const struct profiles *ps, struct prof_cell *c, const char *path)
{
	struct whole_file w;

	if (!whole_file_open(&w, path))
		return 2;
	folded_print(w.f, &ps->funcs, &c->stacks);
	if (!whole_file_write(&w))
		return 2;
	c->folded = xstrdup(path);
	return 0;
}

int prof_folded_write(struct report *r)
{
	struct profiles *ps = r->profiles;
	char *dir = folded_dir(r->opt);

	if (!dir)
		return 0;
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		fail("could not make the directory \"%s\":", dir);
		free(dir);
		return 2;
	}
	ps->folded_dir = dir;
	for (size_t t = 0; t < r->ntables; t++)
		for (size_t row = 0; row < r->tables[t].nrows; row++)
			for (size_t col = 0; col < r->ncols; col++) {
				struct prof_cell *c = &ps->cells[ps->first[t] + row * r->ncols + col];
				char *name, *path;
				int rc;
				if (c->samples == 0)
					continue;
				name = file_name(prof_case(r, t, row), column_letter(col));
				path = xasprintf("%s/%s", dir, name);
				rc = write_cell(ps, c, path);
				free(name);
				free(path);
				if (rc)
					return rc;
			}
	return 0;
}
