/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * strhash.h: an index of byte strings (names, call stacks as arrays of
 * numbers) to the numbers of the things they name, for the profiles:
 * open addressing, FNV-1a, growing as it fills.
 */
#ifndef BOOTBENCH_REPORT_STRHASH_H
#define BOOTBENCH_REPORT_STRHASH_H

#include <stdbool.h>
#include <stddef.h>

struct strhash {
	struct strhash_slot *slots;
	size_t n, cap;          /* entries, slots (a power of 2, or 0) */
};

/* Find key (len bytes) in h: true with its value in *value, or false. */
bool strhash_get(const struct strhash *h, const void *key, size_t len, size_t *value);
/* Add key with value; the key is copied.  The key must not be in h. */
void strhash_put(struct strhash *h, const void *key, size_t len, size_t value);
void strhash_free(struct strhash *h);

#endif
