/* SPDX-License-Identifier: GPL-2.0-only */
/* walk.c: a walk of kernels in one power-on (walk.h). */
#include "init/walk/walk.h"

#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "init/console.h"
#include "init/files.h"
#include "init/kernel/kfacts.h"
#include "init/str.h"

#define WALK_TEXT_MAX (64 * 1024)

static int full_path(char *buf, size_t size, const struct walk_boot *b, const char *rel)
{
	return str_printf(buf, size, "%s/%s", b->results, rel);
}

/* Does the running kernel's config, as saved in the run, have
 * CONFIG_KEXEC_FILE=y?  1 yes, 0 no, -1 not known. */
static int kexec_configured(const struct walk_boot *b)
{
	char path[PATH_MAX], *text;
	int yes;

	if (str_printf(path, sizeof path, "%s/%s", b->run_dir, KFACTS_CONFIG_FILE) < 0 ||
	    !(text = read_text(path, 16 << 20, NULL)))
		return -1;
	yes = strstr(text, "\nCONFIG_KEXEC_FILE=y\n") != NULL;
	free(text);
	return yes;
}

int walk_check(const struct walk_boot *b, struct walk *w)
{
	const char *file = b->file;
	char path[PATH_MAX], err[256], *text;
	struct stat st;
	int rc;

	if (!file[0])
		return 0;
	if (b->results_console)
		return fail("bootbench.next=%s: a walk needs a results partition, and "
			    "bootbench.results=console has none", file);
	if (full_path(path, sizeof path, b, file) < 0)
		return fail("walk file name %s is too long", file);
	if (!(text = read_text(path, WALK_TEXT_MAX, NULL)))
		return fail("could not read the walk file \"%s\":", path);
	rc = walk_parse(text, w, err, sizeof err);
	free(text);
	if (rc < 0)
		return fail("walk file %s: %s: not starting the walk", path, err);
	for (int i = w->next; i < w->count; i++) {
		const char *files[] = { w->entry[i].vmlinuz, w->entry[i].initrd };

		for (int f = 0; f < 2; f++) {
			char p[PATH_MAX];

			if (full_path(p, sizeof p, b, files[f]) < 0)
				return fail("walk file %s: kernel %s: the path %s is too long",
					    path, w->entry[i].name, files[f]);
			if (stat(p, &st) < 0)
				return fail("walk file %s: kernel %s: could not find \"%s\":",
					    path, w->entry[i].name, p);
			if (!S_ISREG(st.st_mode))
				return fail("walk file %s: kernel %s: \"%s\" is not a file: not starting "
					    "the walk", path, w->entry[i].name, p);
		}
	}
	if (w->next < w->count && kexec_configured(b) == 0)
		return fail("Linux %s cannot load the next kernel: its config lacks "
			    "CONFIG_KEXEC_FILE=y: not starting the walk", b->release);
	if (w->next < w->count)
		note("walk %s: kernel %d of %d now (Linux %s), then %s%s%s", file, w->next, w->count,
		     b->release, w->entry[w->next].name,
		     w->entry[w->next].variant.name[0] ? " " : "", w->entry[w->next].variant.name);
	else
		note("walk %s: the last kernel (Linux %s)", file, b->release);
	return 1;
}

/* Append word (len bytes) to out, after a blank unless out is empty. */
static int append(char *out, size_t size, size_t *len, const char *word, size_t wlen)
{
	if (*len + wlen + 2 > size)
		return -1;
	if (*len)
		out[(*len)++] = ' ';
	memcpy(out + *len, word, wlen);
	out[*len += wlen] = '\0';
	return 0;
}

int walk_cmdline(const char *cmdline, const struct variant *now, const struct variant *next,
		 const char *id, int n, char *out, size_t size)
{
	bool dropped[VARIANT_PARAMS_MAX] = { false };
	size_t len = 0;

	out[0] = '\0';
	for (const char *s = cmdline; *s; ) {
		size_t word;
		bool keep = true;

		s += strspn(s, " \t\n");
		word = strcspn(s, " \t\n");
		if (word == 0)
			break;
		if (strncmp(s, "bootbench.id=", 13) == 0 || strncmp(s, "bootbench.variant=", 18) == 0)
			keep = false;
		/* This boot's variant: each of its parameters once. */
		for (int i = 0; keep && i < now->count; i++)
			if (!dropped[i] && strlen(now->param[i]) == word &&
			    memcmp(s, now->param[i], word) == 0)
				keep = !(dropped[i] = true);
		if (keep && append(out, size, &len, s, word) < 0)
			return -1;
		s += word;
	}
	for (int i = 0; i < next->count; i++)
		if (append(out, size, &len, next->param[i], strlen(next->param[i])) < 0)
			return -1;
	if (next->name[0] && str_printf(out + len, size - len, "%sbootbench.variant=%s",
					len ? " " : "", next->name) < 0)
		return -1;
	len = strlen(out);
	if (id[0] && str_printf(out + len, size - len, "%sbootbench.id=%s-%d",
				len ? " " : "", id, n) < 0)
		return -1;
	return 0;
}

static int fill_walk(FILE *out, const void *arg)
{
	return walk_write(out, arg);
}

/* Count entry w->next as taken in the walk file, crash-safely. */
static int take_next(const struct walk_boot *b, struct walk *w)
{
	char path[PATH_MAX], *slash;

	if (full_path(path, sizeof path, b, b->file) < 0)
		return -1;
	slash = strrchr(path, '/');
	*slash = '\0';
	w->next++;
	return write_file_filled(path, slash + 1, fill_walk, w);
}

int walk_load_next(const struct walk_boot *b, struct walk *w, char *name, size_t size)
{
	const struct walk_entry *e;
	char kpath[PATH_MAX], ipath[PATH_MAX], cmd[4096];
	int kfd, ifd, n, rc = -1;

	if (failure()) {
		note("walk: this run failed: the walk ends here");
		return -1;
	}
	if (w->next >= w->count) {
		note("walk: done: all %d kernels of the walk have run", w->count);
		return -1;
	}
	e = &w->entry[w->next];
	if (w->deadline && (long long)time(NULL) >= w->deadline) {
		note("walk: its deadline has passed: %s is not loaded; the walk ends here", e->name);
		return -1;
	}
	n = w->next;
	if (walk_cmdline(b->cmdline ? b->cmdline : "", b->variant, &e->variant, w->id, n,
			 cmd, sizeof cmd) < 0) {
		warning("walk: the command line for %s is too long; the walk ends here", e->name);
		return -1;
	}
	if (full_path(kpath, sizeof kpath, b, e->vmlinuz) < 0 ||
	    full_path(ipath, sizeof ipath, b, e->initrd) < 0)
		return -1;
	kfd = open(kpath, O_RDONLY | O_CLOEXEC);
	if (kfd < 0) {
		warning("walk: could not open \"%s\":", kpath);
		return -1;
	}
	ifd = open(ipath, O_RDONLY | O_CLOEXEC);
	if (ifd < 0) {
		warning("walk: could not open \"%s\":", ipath);
		close(kfd);
		return -1;
	}
	/* Taken before the jump: a kernel that does not come back is not
	 * loaded again at the next power-on. */
	if (take_next(b, w) < 0) {
		warning("walk: could not count %s as taken; the walk ends here", e->name);
	} else if (syscall(SYS_kexec_file_load, kfd, ifd, strlen(cmd) + 1, cmd, 0UL) < 0) {
		warning("walk: could not load %s (kexec_file_load):", e->name);
	} else {
		snprintf(name, size, "%s", e->name);
		rc = 0;
		note("walk: %s loaded (kernel %d of %d), command line: %s", e->name, n + 1, w->count, cmd);
	}
	close(kfd);
	close(ifd);
	return rc;
}
