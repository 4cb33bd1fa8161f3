/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sysctl.h: [sysctl] entries -- /proc/sys/<name with dots as slashes> --
 * checked, probed, set and read back.  Errors go into err as one phrase
 * naming the file; the caller names the suite and the key.
 */
#ifndef BOOTBENCH_SYSCTL_H
#define BOOTBENCH_SYSCTL_H

#include <stdbool.h>
#include <stddef.h>

#include "bench/knobs/knob_state.h"

/* Whether kn's entry is one this kernel has and that can be both read and
 * written, with kn->path and kn->own set.  0, or -1 with why. */
int sysctl_entry(struct knobs *k, struct knob *kn, char *err, size_t len);

/* Whether the kernel's text now says value: the same words, numbers
 * compared as numbers ("010" is 10; the kernel separates words by tabs). */
bool sysctl_same(const char *value, const char *now);

/*
 * Write value and read it back into now; if keep is false, write the
 * entry's own value again afterwards (a probe).  0, or -1 with why (the
 * kernel refused the value, or did not keep it: then now says what it
 * kept).
 */
int sysctl_set(struct knobs *k, const struct knob *kn, const char *value,
	       bool keep, char *now, size_t nlen, char *err, size_t len);

#endif
