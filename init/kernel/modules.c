/* SPDX-License-Identifier: GPL-2.0-only */
/* modules.c: finit_module() the modules of load.list (those the machine's
 * devices call for) and of the lists of what a suite asks for, in order;
 * with bootbench.unsigned-modules=1, init_module() of each without its
 * signature. */
#include "init/kernel/modules.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "common/clock.h"
#include "init/console.h"
#include "init/files.h"
#include "init/kernel/device_aliases.h"
#include "init/kernel/module_match.h"
#include "init/kernel/module_sig.h"
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

static bool skip_signatures;

void modules_skip_signatures(void)
{
	skip_signatures = true;
	note("bootbench.unsigned-modules=1: modules load without their signatures "
	     "(a kernel that checks them taints itself E)");
}

/* init_module() of the module file ko (open as fd) without its appended
 * signature: the syscall's 0 or -1 (errno set), or -2 after fail() when
 * the file cannot be mapped. */
static int init_unsigned(int fd, const char *ko, const char *args)
{
	struct stat st;
	void *image;

	if (fstat(fd, &st) < 0) {
		fail("could not stat \"%s\":", ko);
		return -2;
	}
	image = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (image == MAP_FAILED) {
		fail("could not map \"%s\":", ko);
		return -2;
	}
	long rc = syscall(SYS_init_module, image,
			  module_unsigned_length(image, (size_t)st.st_size), args);
	int saved = errno;

	if (munmap(image, (size_t)st.st_size) < 0)
		warning("could not unmap \"%s\": %s", ko, strerror(errno));
	errno = saved;
	return rc < 0 ? -1 : 0;
}

/* Load the module file ko (open as fd) with args: unsigned while
 * modules_skip_signatures() asks for it and the kernel takes it so (a
 * kernel that enforces signatures, or locked down, has every later module
 * loaded signed), else finit_module().  As init_unsigned(). */
static int load_fd(int fd, const char *ko, const char *args)
{
	if (skip_signatures) {
		int rc = init_unsigned(fd, ko, args);

		if (rc != -1 || (errno != EKEYREJECTED && errno != EPERM))
			return rc;
		note("module \"%s\": the kernel refuses it unsigned (%s): it and every later "
		     "module load with their signatures", ko, strerror(errno));
		skip_signatures = false;
	}
	return syscall(SYS_finit_module, fd, args, 0) < 0 ? -1 : 0;
}

/* Load module file name of dir with the parameters params (NULL: none)
 * gives it: 1 loaded, 0 already there or no device for it (said), -1
 * after fail(). */
static int load_one(const char *dir, const char *name, const char *(*params)(const char *ko))
{
	char ko[PATH_MAX], args[1024];
	int fd, rc = 1, loaded;

	if (str_printf(ko, sizeof ko, "%s/%s", dir, name) < 0 ||
	    (fd = open(ko, O_RDONLY | O_CLOEXEC)) < 0)
		return fail("could not open \"%s\":", ko);
	module_args(name, params, args, sizeof args);
	if ((loaded = load_fd(fd, ko, args)) == -2) {
		rc = -1;
	} else if (loaded < 0) {
		rc = 0;
		if (errno == ENODEV)	/* e.g. a CPU without the instructions it uses */
			note("module %s: no device for it here (skipped)", name);
		else if (errno != EEXIST)
			rc = fail("could not load module \"%s\":", ko);
	}
	close(fd);
	return rc;
}

/* The module list file at /lib/modules/RELEASE/FILE into text (to free)
 * and its names; 0 with *text NULL when there is no such file, -1 after
 * fail(). */
static int read_list(const char *release, const char *file, char *dir, size_t dirlen, char **text,
		     const char **names, size_t *count)
{
	char list[PATH_MAX], err[256];

	*text = NULL;
	*count = 0;
	if (str_printf(dir, dirlen, "/lib/modules/%s", release) < 0 ||
	    str_printf(list, sizeof list, "%s/%s", dir, file) < 0)
		return fail("could not name the module list %s of release %s:", file, release);
	if (!(*text = read_text(list, 1 << 20, NULL)))
		return errno == ENOENT ? 0 : fail("could not read \"%s\":", list);
	if (module_list_parse(*text, names, MODULES_MAX, count, err, sizeof err) < 0) {
		free(*text);
		*text = NULL;
		return fail("%s: %s", list, err);
	}
	return 0;
}

/* load_one() of module name, counted in *loaded; *rc -1 if it failed. */
static void load_counted(const char *dir, const char *name, const char *(*params)(const char *ko),
			 size_t *loaded, int *rc)
{
	int one = load_one(dir, name, params);

	if (one < 0)
		*rc = -1;
	*loaded += one > 0;
}

/* The module list file at /lib/modules/RELEASE/FILE, every module loaded
 * in order with the parameters params (NULL: none) gives it; *found false
 * (and 0) when there is no such file.  Every module is tried; -1 if one
 * failed or the list is not one (said). */
static int load_file(const char *release, const char *file, const char *(*params)(const char *ko),
		     bool *found, size_t *count, size_t *loaded)
{
	const char *names[MODULES_MAX];
	char dir[PATH_MAX], *text;
	int rc = read_list(release, file, dir, sizeof dir, &text, names, count);

	*found = text != NULL;
	*loaded = 0;
	for (size_t i = 0; text && i < *count; i++)
		load_counted(dir, names[i], params, loaded, &rc);
	free(text);
	return rc;
}

/* Rounds of loads: the modules the devices call for, and what they need,
 * until the devices call for nothing new (module_match.h); with always,
 * those of every boot too, first. */
static void load_rounds(const char *dir, struct module_match *m, bool always, bool *tried,
			size_t *loaded, int *rc)
{
	struct device_aliases devices = { 0 };

	for (;;) {
		if (device_aliases_read(&devices) < 0) {
			*rc = -1;
			break;
		}
		if (module_match_want(m, (const char *const *)devices.v, devices.n) == 0 && !always)
			break;
		for (size_t i = 0; i < m->count; i++)
			if (m->wanted[i] && !tried[i] && (always || m->has_alias[i] || m->needed[i])) {
				tried[i] = true;
				load_counted(dir, m->names[i], NULL, loaded, rc);
			}
		always = false;
	}
	device_aliases_free(&devices);
}

/* The modules of load.list the machine's devices call for, in rounds
 * until none is newly wanted; then those of every boot (the schedulers),
 * after the disks' drivers as load.list orders them (a disk appears
 * before a scheduler that would become its default), and a last look at
 * the devices; the rest named on the console.  -1 if a module failed to
 * load (the rest are tried) or the devices could not be read (said). */
static int load_matched(const char *dir, const char *const *names, size_t count, char *alias_text,
			char *dep_text, size_t *loaded)
{
	struct module_match m;
	bool tried[MODULES_MAX] = { false };
	char err[256], skipped[1024] = "";
	size_t used = 0;
	int rc = 0;

	if (module_match_init(&m, names, count, alias_text, dep_text, err, sizeof err) < 0)
		return fail("%s: %s", dir, err);
	load_rounds(dir, &m, false, tried, loaded, &rc);
	load_rounds(dir, &m, true, tried, loaded, &rc);
	for (size_t i = 0; i < m.count; i++)
		if (!m.wanted[i] && used < sizeof skipped) {
			int w = snprintf(skipped + used, sizeof skipped - used, " %s", names[i]);

			used += w > 0 ? (size_t)w : 0;
		}
	if (skipped[0])
		note("modules no device here needs (not loaded):%s", skipped);
	module_match_free(&m);
	return rc;
}

/* load.list: with load.alias and load.dep, what the machine's devices
 * call for (load_matched()); without them (a kernel laid out before
 * them), every module.  *found false (and 0) when there is no list. */
static int load_boot_list(const char *release, bool *found, size_t *count, size_t *loaded)
{
	const char *names[MODULES_MAX];
	char dir[PATH_MAX], path[PATH_MAX], *text, *alias_text = NULL, *dep_text = NULL;
	int rc = read_list(release, "load.list", dir, sizeof dir, &text, names, count);

	*found = text != NULL;
	*loaded = 0;
	if (!text)
		return rc;
	if (str_printf(path, sizeof path, "%s/load.alias", dir) == 0)
		alias_text = read_text(path, 1 << 22, NULL);
	if (alias_text && str_printf(path, sizeof path, "%s/load.dep", dir) == 0)
		dep_text = read_text(path, 1 << 20, NULL);
	if (alias_text && dep_text)
		rc = load_matched(dir, names, *count, alias_text, dep_text, loaded);
	else
		for (size_t i = 0; i < *count; i++)
			load_counted(dir, names[i], NULL, loaded, &rc);
	free(alias_text);
	free(dep_text);
	free(text);
	return rc;
}

int modules_load(const char *release, bool pmem)
{
	double start = clock_now();
	size_t count, loaded;
	bool found;
	int rc;

	rc = load_boot_list(release, &found, &count, &loaded);
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
