/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * inflight.h: the requests each disk has in flight: issued to the
 * driver and not completed (/sys/block/DISK/inflight, two counts,
 * reads and writes: "       0        3").  A disk whose I/O was lost
 * keeps them for ever.  Paths are read below a root directory ("" on
 * the appliance) so that the tests can use a fake one.
 */
#ifndef BOOTBENCH_INIT_INFLIGHT_H
#define BOOTBENCH_INIT_INFLIGHT_H

#include <stddef.h>

struct inflight {
	char disk[32];		/* its kernel name: vdb */
	unsigned long long reads, writes;
};

/* The text of an inflight file: 0 with the counts, or -1 if it is not one. */
int inflight_parse(const char *text, unsigned long long *reads, unsigned long long *writes);

/* Every disk of root/sys/block whose counts can be read, by name, at
 * most max of them.  Returns how many, or -1 with errno if the directory
 * cannot be read. */
int inflight_read_all(const char *root, struct inflight *out, size_t max);

#endif
