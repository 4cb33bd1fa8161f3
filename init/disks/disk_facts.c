/* SPDX-License-Identifier: GPL-2.0-only */
/* disk_facts.c: a disk's facts for run.json (disk_facts.h). */
#include "init/disks/disk_facts.h"

#include <stdio.h>
#include <string.h>

#include "common/sysfs.h"
#include "init/files.h"

static void disk_attr(const char *disk, const char *attr, char *out, size_t size)
{
	char path[256];

	snprintf(path, sizeof path, "/sys/block/%s/%s", disk, attr);
	if (sysfs_read(path, out, size) < 0)
		out[0] = '\0';
	else
		trim(out);
}

void disk_facts_read(const struct blockdev *d, const char *spec, struct disk_facts *out)
{
	char text[256];

	memset(out, 0, sizeof *out);
	snprintf(out->spec, sizeof out->spec, "%s", spec);
	snprintf(out->device, sizeof out->device, "%s", d->path);
	snprintf(out->disk, sizeof out->disk, "%s", d->disk);
	out->partition = d->partition;
	out->size_bytes = d->size_bytes;
	snprintf(out->partlabel, sizeof out->partlabel, "%s", d->partlabel);
	snprintf(out->partuuid, sizeof out->partuuid, "%s", d->partuuid);
	snprintf(out->label, sizeof out->label, "%s", d->label);
	snprintf(out->fstype, sizeof out->fstype, "%s", d->fstype);
	disk_attr(d->disk, "device/model", out->model, sizeof out->model);
	disk_attr(d->disk, "device/vendor", out->vendor, sizeof out->vendor);
	disk_attr(d->disk, "queue/rotational", text, sizeof text);
	out->rotational = text[0] == '1' ? 1 : text[0] == '0' ? 0 : -1;
	disk_attr(d->disk, "queue/scheduler", text, sizeof text);
	sysfs_selected(text, out->scheduler, sizeof out->scheduler);
}
