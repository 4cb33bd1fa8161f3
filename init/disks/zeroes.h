/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * zeroes.h: does a device read as zeros at its start and at its end?
 *
 * blkid finding no signature is not enough to call a partition blank: one
 * filled with data that no filesystem tool wrote (an image written by
 * hand, an encrypted volume without a header, a disk left from another
 * use) has none either.  A partition the init formats on request
 * (bootbench.results-init=1) must also read as zeros where every
 * filesystem and partition tool writes its metadata: the first and the
 * last ZEROES_SPAN bytes.
 */
#ifndef BOOTBENCH_INIT_ZEROES_H
#define BOOTBENCH_INIT_ZEROES_H

#include <stdbool.h>

#define ZEROES_SPAN (4ULL << 20)

struct zeroes {
	bool all_zero;			/* every byte checked was 0 */
	unsigned long long first_nonzero; /* its offset, when not all_zero */
	unsigned long long checked;	/* bytes read */
};

/* Read the first and last span bytes of the file or device at path (the
 * whole of it when it is smaller than two spans).  -1 with errno set if
 * it could not be opened, sized or read; else 0 with *z filled. */
int zeroes_at_ends(const char *path, unsigned long long span, struct zeroes *z);

#endif
