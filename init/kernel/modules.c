/* SPDX-License-Identifier: GPL-2.0-only */
/* modules.c: finit_module() the modules of load.list, in order. */
#include "init/kernel/modules.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "common/clock.h"
#include "init/console.h"
#include "init/files.h"
#include "init/str.h"

int module_list_parse(char *text, const char **names, size_t max, size_t *count,
		      char *err, size_t errlen)
{
	char *save = NULL, *line;

	*count = 0;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *hash = strchr(line, '#');
		size_t len;

		if (hash)
			*hash = '\0';
		line = trim(line);
		len = strlen(line);
		if (!len)
			continue;
		if (strchr(line, '/') || strchr(line, ' ') || len < 4 ||
		    strcmp(line + len - 3, ".ko") != 0) {
			snprintf(err, errlen, "\"%s\" is not a .ko file name", line);
			return -1;
		}
		if (*count == max) {
			snprintf(err, errlen, "more than %zu modules", max);
			return -1;
		}
		names[(*count)++] = line;
	}
	return 0;
}

/* Whether a and b, of len bytes, are one module name ('-' and '_' alike). */
static bool same_module(const char *a, const char *b, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (a[i] != b[i] && !(strchr("-_", a[i]) && strchr("-_", b[i])))
			return false;
	return true;
}

int module_cmdline_params(const char *cmdline, const char *module, char *out, size_t size)
{
	size_t mlen = strlen(module), used = 0;

	out[0] = '\0';
	for (const char *s = cmdline; s && *s; ) {
		size_t len;

		s += strspn(s, " \t\n");
		len = strcspn(s, " \t\n");
		if (len > mlen + 1 && s[mlen] == '.' && same_module(s, module, mlen) &&
		    memchr(s + mlen + 1, '=', len - mlen - 1)) {
			int n = snprintf(out + used, size - used, "%s%.*s", used ? " " : "",
					 (int)(len - mlen - 1), s + mlen + 1);

			if (n < 0 || (size_t)n >= size - used)
				return -1;
			used += (size_t)n;
		}
		s += len;
	}
	return 0;
}

/* One console line naming the disk filesystems the kernel now has. */
static void say_disk_filesystems(void)
{
	char *text = read_text("/proc/filesystems", 1 << 16, NULL);
	char names[512] = "";
	size_t len = 0;

	if (!text) {
		warning("could not read \"/proc/filesystems\":");
		return;
	}
	for (char *line = strtok(text, "\n"); line && len < sizeof names; line = strtok(NULL, "\n")) {
		if (strncmp(line, "nodev", 5) == 0)
			continue;
		int w = snprintf(names + len, sizeof names - len, " %s", line + strspn(line, " \t"));
		if (w < 0)
			break;
		len += (size_t)w;
	}
	free(text);
	note("disk filesystems:%s", names);
}

bool filesystem_listed(const char *proc_filesystems, const char *name)
{
	size_t len = strlen(name);

	for (const char *line = proc_filesystems; *line;) {
		size_t n = strcspn(line, "\n");
		const char *tab = memchr(line, '\t', n);

		if (tab && (size_t)(line + n - (tab + 1)) == len && !memcmp(tab + 1, name, len))
			return true;
		line += n + (line[n] == '\n');
	}
	return false;
}

/* Whether the kernel has filesystem name now; false when
 * /proc/filesystems cannot be read (said). */
static bool filesystem_registered(const char *name)
{
	char *text = read_text("/proc/filesystems", 1 << 16, NULL);
	bool yes;

	if (!text) {
		warning("could not read \"/proc/filesystems\":");
		return false;
	}
	yes = filesystem_listed(text, name);
	free(text);
	return yes;
}

/* The arguments of module file ko: those params (NULL: none) gives it,
 * then those of the kernel command line (module_cmdline_params()). */
static void module_args(const char *ko, const char *(*params)(const char *ko), char *args,
			size_t size)
{
	static char *cmdline;
	char name[64], own[512];
	size_t used;

	if (!cmdline && !(cmdline = read_text("/proc/cmdline", 65536, NULL)))
		cmdline = "";
	snprintf(name, sizeof name, "%.*s", (int)(strlen(ko) > 3 ? strlen(ko) - 3 : 0), ko);
	snprintf(args, size, "%s", params ? params(ko) : "");
	used = strlen(args);
	if (module_cmdline_params(cmdline, name, own, sizeof own) < 0)
		warning("module %s: its parameters on the kernel command line are cut to %zu bytes",
			name, sizeof own);
	if (own[0])
		snprintf(args + used, size - used, "%s%s", used ? " " : "", own);
}

/* finit_module() each module the text of the list file at path names, a
 * file of dir, with the parameters params (NULL: none) gives it; count the
 * listed and the loaded.  Every module is tried; -1 if one failed or the
 * list is not one (said). */
static int load_listed(const char *dir, const char *path, char *text, size_t *count, size_t *loaded,
		       const char *(*params)(const char *ko))
{
	const char *names[MODULES_MAX];
	char err[256];
	int rc = 0;

	*loaded = 0;
	if (module_list_parse(text, names, MODULES_MAX, count, err, sizeof err) < 0)
		return fail("%s: %s", path, err);
	for (size_t i = 0; i < *count; i++) {
		char ko[PATH_MAX], args[1024];
		int fd;

		if (str_printf(ko, sizeof ko, "%s/%s", dir, names[i]) < 0 ||
		    (fd = open(ko, O_RDONLY | O_CLOEXEC)) < 0) {
			rc = fail("could not open \"%s\":", ko);
			continue;
		}
		module_args(names[i], params, args, sizeof args);
		if (syscall(SYS_finit_module, fd, args, 0) == 0)
			(*loaded)++;
		else if (errno == ENODEV)	/* e.g. a CPU without the instructions it uses */
			note("module %s: no device for it here (skipped)", names[i]);
		else if (errno != EEXIST)
			rc = fail("could not load module \"%s\":", ko);
		close(fd);
	}
	return rc;
}

/* The module list file at /lib/modules/RELEASE/FILE, loaded by
 * load_listed(); *found false (and 0) when there is no such file. */
static int load_file(const char *release, const char *file, const char *(*params)(const char *ko),
		     bool *found, size_t *count, size_t *loaded)
{
	char dir[PATH_MAX], list[PATH_MAX], *text;
	int rc;

	*found = false;
	*count = *loaded = 0;
	if (str_printf(dir, sizeof dir, "/lib/modules/%s", release) < 0 ||
	    str_printf(list, sizeof list, "%s/%s", dir, file) < 0)
		return fail("could not name the module list %s of release %s:", file, release);
	text = read_text(list, 1 << 20, NULL);
	if (!text)
		return errno == ENOENT ? 0 : fail("could not read \"%s\":", list);
	*found = true;
	rc = load_listed(dir, list, text, count, loaded, params);
	free(text);
	return rc;
}

int modules_load(const char *release, bool pmem)
{
	double start = clock_now();
	size_t count, loaded;
	bool found;
	int rc;

	rc = load_file(release, "load.list", NULL, &found, &count, &loaded);
	if (!found && rc == 0)
		note("no /lib/modules/%s/load.list: using the drivers built into the kernel", release);
	else
		note("loaded %zu of %zu modules in %.3f s", loaded, count, clock_now() - start);
	if (pmem) {
		if (modules_load_named(release, "pmem", NULL, &found) < 0)
			rc = -1;
		else if (!found)
			note("bootbench.pmem=1: no load-pmem.list: this kernel has persistent memory "
			     "built in, or not at all");
	}
	say_disk_filesystems();
	return rc;
}

int modules_load_filesystems(const char *release, const char *const *filesystems, int n)
{
	int rc = 0;

	for (int i = 0; i < n; i++) {
		const char *fs = filesystems[i];
		char file[64];
		bool found;

		if (filesystem_registered(fs))
			continue;
		snprintf(file, sizeof file, "load-%s.list", fs);
		if (modules_load_named(release, fs, NULL, &found) < 0)
			rc = -1;
		else if (!found)
			note("no /lib/modules/%s/%s: this kernel has no %s", release, file, fs);
	}
	say_disk_filesystems();
	return rc;
}

int modules_load_named(const char *release, const char *name,
		       const char *(*params)(const char *ko), bool *found)
{
	double start = clock_now();
	size_t count, loaded;
	char file[64];
	int rc;

	if (str_printf(file, sizeof file, "load-%s.list", name) < 0)
		return fail("could not name the module list of %s:", name);
	rc = load_file(release, file, params, found, &count, &loaded);
	if (*found)
		note("loaded %zu of %zu modules for %s in %.3f s", loaded, count, name,
		     clock_now() - start);
	return rc;
}
