/* SPDX-License-Identifier: GPL-2.0-only */
/* device_aliases.h: the modaliases of the devices the kernel has found
 * (/sys/bus/BUS/devices/DEVICE/modalias), which a driver's aliases match. */
#ifndef BOOTBENCH_DEVICE_ALIASES_H
#define BOOTBENCH_DEVICE_ALIASES_H

#include <stddef.h>

struct device_aliases {
	char **v;
	size_t n, cap;
};

/* Every device's modalias into a (emptied first); -1 after fail() if
 * /sys/bus cannot be read or memory runs out.  A device without one, or
 * one gone while read, is left out. */
int device_aliases_read(struct device_aliases *a);

void device_aliases_free(struct device_aliases *a);

#endif
