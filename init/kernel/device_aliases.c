/* SPDX-License-Identifier: GPL-2.0-only */
/* device_aliases.c: the modalias of every device under /sys/bus. */
#include "init/kernel/device_aliases.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "common/sysfs.h"
#include "init/console.h"
#include "init/str.h"

#define BUS_DIR "/sys/bus"

static int add(struct device_aliases *a, const char *alias)
{
	if (a->n == a->cap) {
		size_t cap = a->cap ? a->cap * 2 : 128;
		char **more = realloc(a->v, cap * sizeof *more);

		if (!more)
			return fail("out of memory reading the devices' modaliases");
		a->v = more;
		a->cap = cap;
	}
	if (!(a->v[a->n] = strdup(alias)))
		return fail("out of memory reading the devices' modaliases");
	a->n++;
	return 0;
}

/* The modaliases of the devices of bus; 0 if it has no device directory. */
static int read_bus(struct device_aliases *a, const char *bus)
{
	char dir[PATH_MAX];
	struct dirent *e;
	DIR *d;
	int rc = 0;

	if (str_printf(dir, sizeof dir, BUS_DIR "/%s/devices", bus) < 0)
		return 0;
	if (!(d = opendir(dir)))
		return errno == ENOENT || errno == ENOTDIR ? 0 : fail("could not open \"%s\":", dir);
	while (rc == 0 && (e = readdir(d))) {
		char path[PATH_MAX], alias[512];

		if (e->d_name[0] == '.' || str_printf(path, sizeof path, "%s/%s/modalias", dir, e->d_name) < 0)
			continue;
		if (sysfs_read(path, alias, sizeof alias) == 0 && alias[0])
			rc = add(a, alias);
	}
	closedir(d);
	return rc;
}

int device_aliases_read(struct device_aliases *a)
{
	struct dirent *e;
	DIR *d;
	int rc = 0;

	device_aliases_free(a);
	if (!(d = opendir(BUS_DIR)))
		return fail("could not open \"" BUS_DIR "\":");
	while (rc == 0 && (e = readdir(d)))
		if (e->d_name[0] != '.')
			rc = read_bus(a, e->d_name);
	closedir(d);
	return rc;
}

void device_aliases_free(struct device_aliases *a)
{
	for (size_t i = 0; i < a->n; i++)
		free(a->v[i]);
	free(a->v);
	*a = (struct device_aliases){ 0 };
}
