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
#include "init/boot.h"
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
	say("disk filesystems:%s", names);
}

int modules_load(struct boot *b)
{
	const char *names[MODULES_MAX];
	char dir[PATH_MAX], list[PATH_MAX], err[256];
	double start = clock_now();
	size_t count, loaded = 0;
	char *text;
	int rc = 0;

	if (str_printf(dir, sizeof dir, "/lib/modules/%s", b->machine.release) < 0 ||
	    str_printf(list, sizeof list, "%s/load.list", dir) < 0)
		return fail("could not name the module directory of release %s:", b->machine.release);
	text = read_text(list, 1 << 20, NULL);
	if (!text) {
		if (errno == ENOENT) {
			say("no %s: using the drivers built into the kernel", list);
			return 0;
		}
		return fail("could not read \"%s\":", list);
	}
	if (module_list_parse(text, names, MODULES_MAX, &count, err, sizeof err) < 0) {
		free(text);
		return fail("%s: %s", list, err);
	}
	for (size_t i = 0; i < count; i++) {
		char path[PATH_MAX];
		int fd;

		if (str_printf(path, sizeof path, "%s/%s", dir, names[i]) < 0 ||
		    (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
			rc = fail("could not open \"%s\":", path);
			continue;
		}
		if (syscall(SYS_finit_module, fd, "", 0) == 0)
			loaded++;
		else if (errno == ENODEV)	/* e.g. a CPU without the instructions it uses */
			say("module %s: no device for it here (skipped)", names[i]);
		else if (errno != EEXIST)
			rc = fail("could not load module \"%s\":", path);
		close(fd);
	}
	free(text);
	say("loaded %zu of %zu modules in %.3f s", loaded, count, clock_now() - start);
	say_disk_filesystems();
	return rc;
}
