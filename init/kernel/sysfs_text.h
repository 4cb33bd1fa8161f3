/* SPDX-License-Identifier: GPL-2.0-only */
/* sysfs_text.h: reading sysfs's choice lists (pure). */
#ifndef BOOTBENCH_INIT_SYSFS_TEXT_H
#define BOOTBENCH_INIT_SYSFS_TEXT_H

#include <stddef.h>

/* The selected word of a sysfs choice list ("none [mq-deadline] kyber",
 * "always [madvise] never") into out; the first word if none is
 * bracketed. */
void sysfs_selected(const char *text, char *out, size_t size);

#endif
