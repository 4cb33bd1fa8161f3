/* SPDX-License-Identifier: GPL-2.0-only */
/* blockdev.c: matching device specs against the scanned devices. */
#include "init/disks/blockdev.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

static bool matches(const struct blockdev *d, const struct devspec *spec,
		    unsigned major, unsigned minor)
{
	switch (spec->kind) {
	case DEVSPEC_PARTLABEL:
		return d->partition && strcmp(d->partlabel, spec->value) == 0;
	case DEVSPEC_PARTUUID:
		return d->partition && d->partuuid[0] &&
		       strcasecmp(d->partuuid, spec->value) == 0;
	case DEVSPEC_LABEL:
		return d->label[0] && strcmp(d->label, spec->value) == 0;
	case DEVSPEC_PATH:
		return d->major == major && d->minor == minor;
	default:
		return false;
	}
}

int blockdev_find(const struct blockdevs *list, const struct devspec *spec,
		  const struct blockdev **found, char *err, size_t errlen)
{
	unsigned major = 0, minor = 0;
	size_t count = 0, used;
	char name[DEVSPEC_MAX + 16];

	*found = NULL;
	devspec_str(spec, name, sizeof name);
	if (spec->kind == DEVSPEC_PATH) {
		struct stat st;

		if (stat(spec->value, &st) < 0) {
			snprintf(err, errlen, "no device %s", name);
			return FIND_NONE;
		}
		if (!S_ISBLK(st.st_mode)) {
			snprintf(err, errlen, "%s is not a block device", name);
			return FIND_NONE;
		}
		major = major(st.st_rdev);
		minor = minor(st.st_rdev);
	}
	for (size_t i = 0; i < list->n; i++) {
		if (!matches(&list->dev[i], spec, major, minor))
			continue;
		if (count++ == 0)
			*found = &list->dev[i];
	}
	if (count == 1)
		return FIND_OK;
	if (count == 0) {
		snprintf(err, errlen, "no device with %s", name);
		return FIND_NONE;
	}
	used = snprintf(err, errlen, "%s names more than one device:", name);
	for (size_t i = 0; i < list->n && used < errlen; i++)
		if (matches(&list->dev[i], spec, major, minor))
			used += snprintf(err + used, errlen - used, " %s", list->dev[i].path);
	*found = NULL;
	return FIND_MANY;
}

bool blockdev_blank(const struct blockdev *d)
{
	return d->probed && !d->ambivalent && !d->fstype[0] && !d->pttype[0];
}

/* mountinfo lines: "ID PARENT MAJOR:MINOR ROOT MOUNTPOINT ..." */
bool mountinfo_has(const char *mountinfo, unsigned major, unsigned minor)
{
	for (const char *line = mountinfo; line && *line; ) {
		unsigned ma, mi;

		if (sscanf(line, "%*s %*s %u:%u", &ma, &mi) == 2 && ma == major && mi == minor)
			return true;
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	return false;
}

void blockdev_propagate(struct blockdevs *list)
{
	for (size_t i = 0; i < list->n; i++) {
		struct blockdev *part = &list->dev[i];

		if (!part->partition)
			continue;
		for (size_t j = 0; j < list->n; j++) {
			struct blockdev *disk = &list->dev[j];

			if (disk->partition || strcmp(disk->name, part->disk))
				continue;
			disk->has_partitions = true;
			if (part->in_use[0] && !disk->in_use[0])
				snprintf(disk->in_use, sizeof disk->in_use, "its partition %.31s is %.40s",
					 part->name, part->in_use);
		}
	}
}
