/* SPDX-License-Identifier: GPL-2.0-only */
/* phase.h: the phases of the boot and how long each took. */
#ifndef BOOTBENCH_PHASE_H
#define BOOTBENCH_PHASE_H

#include <stddef.h>

#define PHASE_MAX 16

struct phase {
	const char *name;
	double seconds;
};

/* Start phase NAME (a string literal), ending the one that runs. */
void phase_begin(const char *name);
void phase_end(void);
const char *phase_current(void);
size_t phase_list(const struct phase **list);

#endif
