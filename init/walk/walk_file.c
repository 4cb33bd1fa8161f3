/* SPDX-License-Identifier: GPL-2.0-only */
/* walk_file.c: reading and writing the walk file (walk_file.h). */
#include "init/walk/walk_file.h"

#include <ctype.h>
#include <stdbool.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static int bad(char *err, size_t errlen, int line, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(err, errlen, "line %d: ", line);

	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < errlen)
		vsnprintf(err + n, errlen - n, fmt, ap);
	va_end(ap);
	return -1;
}

static bool good_word(const char *w, size_t max, const char *extra)
{
	size_t n = strlen(w);

	if (n == 0 || n > max)
		return false;
	for (const char *s = w; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr(extra, *s))
			return false;
	return true;
}

static bool number(const char *s, long long max, long long *v)
{
	char *end;

	if (!isdigit((unsigned char)*s))
		return false;
	errno = 0;
	*v = strtoll(s, &end, 10);
	return errno == 0 && *end == '\0' && *v <= max;
}

/* A kernel line's words after "kernel" (f, n of them) into entry e. */
static int kernel_line(struct walk_entry *e, char **f, int n, char *err, size_t errlen, int lineno)
{
	char name[VARIANT_NAME_MAX + 2] = "", why[256];
	size_t used = 0;

	if (n < 3)
		return bad(err, errlen, lineno, "expected \"kernel NAME VMLINUZ INITRD [PARAMETER...]\"");
	if (!good_word(f[0], WALK_NAME_MAX, "._+-"))
		return bad(err, errlen, lineno, "kernel name \"%s\": letters, digits and ._+- (at most %d)",
			   f[0], WALK_NAME_MAX);
	if (!results_path_ok(f[1]) || !results_path_ok(f[2]))
		return bad(err, errlen, lineno, "kernel %s: each path must be %s", f[0], RESULTS_PATH_RULE);
	for (int i = 3; i < n; i++) {
		int w;

		if (strchr(f[i], '+'))
			return bad(err, errlen, lineno, "kernel %s: parameter '%s' holds '+': a parameter "
				   "is made of letters, digits and _-.,:=@", f[0], f[i]);
		w = snprintf(name + used, sizeof name - used, "%s%s", used ? "+" : "", f[i]);
		if (w < 0 || (size_t)w >= sizeof name - used)
			return bad(err, errlen, lineno, "kernel %s: its parameters are longer than %d characters",
				   f[0], VARIANT_NAME_MAX);
		used += (size_t)w;
	}
	if (n > 3 && variant_parse(name, &e->variant, why, sizeof why) < 0)
		return bad(err, errlen, lineno, "kernel %s: %s", f[0], why);
	/* Their lengths are checked above. */
	memcpy(e->name, f[0], strlen(f[0]) + 1);
	memcpy(e->vmlinuz, f[1], strlen(f[1]) + 1);
	memcpy(e->initrd, f[2], strlen(f[2]) + 1);
	return 0;
}

int walk_parse(const char *text, struct walk *w, char *err, size_t errlen)
{
	char line[1024], *f[4 + VARIANT_PARAMS_MAX + 1], *save;
	int lineno = 0;
	bool have_next = false;

	memset(w, 0, sizeof *w);
	while (*text) {
		size_t len = strcspn(text, "\n");
		long long v;
		int n = 0;

		lineno++;
		if (len >= sizeof line)
			return bad(err, errlen, lineno, "longer than %zu bytes", sizeof line - 1);
		memcpy(line, text, len);
		line[len] = '\0';
		text += len + (text[len] == '\n');
		line[strcspn(line, "#")] = '\0';
		for (char *word = strtok_r(line, " \t\r", &save); word; word = strtok_r(NULL, " \t\r", &save)) {
			if (n == (int)(sizeof f / sizeof f[0]))
				return bad(err, errlen, lineno, "more than %d words", n);
			f[n++] = word;
		}
		if (n == 0)
			continue;
		if (strcmp(f[0], "kernel") == 0) {
			if (w->count == WALK_MAX)
				return bad(err, errlen, lineno, "more than %d kernels", WALK_MAX);
			if (kernel_line(&w->entry[w->count], f + 1, n - 1, err, errlen, lineno) < 0)
				return -1;
			w->count++;
		} else if (n != 2) {
			return bad(err, errlen, lineno, "expected \"KEY VALUE\" or \"kernel NAME VMLINUZ INITRD [PARAMETER...]\"");
		} else if (strcmp(f[0], "next") == 0) {
			if (!number(f[1], WALK_MAX, &v))
				return bad(err, errlen, lineno, "next \"%s\": a number from 0 to %d", f[1], WALK_MAX);
			w->next = (int)v;
			have_next = true;
		} else if (strcmp(f[0], "deadline") == 0) {
			if (!number(f[1], 1LL << 40, &w->deadline))
				return bad(err, errlen, lineno, "deadline \"%s\": a Unix time in seconds", f[1]);
		} else if (strcmp(f[0], "id") == 0) {
			if (!good_word(f[1], WALK_ID_MAX, "-"))
				return bad(err, errlen, lineno, "id \"%s\": letters, digits and '-' (at most %d)",
					   f[1], WALK_ID_MAX);
			memcpy(w->id, f[1], strlen(f[1]) + 1);
		} else {
			return bad(err, errlen, lineno, "unknown key \"%s\" (id, deadline, next, kernel)", f[0]);
		}
	}
	if (w->count == 0)
		return bad(err, errlen, lineno, "no kernel line");
	if (!have_next)
		return bad(err, errlen, lineno, "no next line");
	if (w->next > w->count)
		return bad(err, errlen, lineno, "next %d is past the last of %d kernels", w->next, w->count);
	return 0;
}

int walk_write(FILE *out, const struct walk *w)
{
	fprintf(out, "# bootbench walk: the kernels one power-on measures in turn (bootbench.next=)\n");
	if (w->id[0])
		fprintf(out, "id %s\n", w->id);
	if (w->deadline)
		fprintf(out, "deadline %lld\n", w->deadline);
	fprintf(out, "next %d\n", w->next);
	for (int i = 0; i < w->count; i++) {
		const struct walk_entry *e = &w->entry[i];

		fprintf(out, "kernel %s %s %s", e->name, e->vmlinuz, e->initrd);
		for (int p = 0; p < e->variant.count; p++)
			fprintf(out, " %s", e->variant.param[p]);
		fputc('\n', out);
	}
	return ferror(out) ? -1 : 0;
}
