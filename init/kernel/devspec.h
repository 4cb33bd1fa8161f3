/* SPDX-License-Identifier: GPL-2.0-only */
/* devspec.h: how the command line names a device. */
#ifndef BOOTBENCH_DEVSPEC_H
#define BOOTBENCH_DEVSPEC_H

#include <stddef.h>

#define DEVSPEC_MAX 256

enum devspec_kind {
	DEVSPEC_NONE,
	DEVSPEC_PARTLABEL,	/* PARTLABEL=name: GPT partition name */
	DEVSPEC_PARTUUID,	/* PARTUUID=uuid: GPT/MBR partition UUID */
	DEVSPEC_LABEL,		/* LABEL=label: filesystem label */
	DEVSPEC_PATH,		/* /dev/...: a device node, raw */
	DEVSPEC_MODEL,		/* model[:NAME[:MIB]]: a modeled disk the boot
				   makes in its memory (init/disks/model_disk.h);
				   value: "NAME[:MIB]", "" for the default */
};

struct devspec {
	enum devspec_kind kind;
	char value[DEVSPEC_MAX];
};

/* Parse TEXT; on error fill err (naming what was expected) and return -1. */
int devspec_parse(struct devspec *spec, const char *text, char *err, size_t errlen);

/* The spec as written on the command line, e.g. "PARTLABEL=x". */
const char *devspec_str(const struct devspec *spec, char *buf, size_t size);

#endif
