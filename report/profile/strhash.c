/* SPDX-License-Identifier: GPL-2.0-only */
/* strhash.c: an index of byte strings (see strhash.h). */
#include "report/profile/strhash.h"

#include "report/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct strhash_slot {
	void *key;              /* NULL: empty */
	size_t len, value;
	uint64_t hash;
};

static uint64_t fnv1a(const void *key, size_t len)
{
	const unsigned char *p = key;
	uint64_t h = 14695981039346656037ull;

	for (size_t i = 0; i < len; i++)
		h = (h ^ p[i]) * 1099511628211ull;
	return h;
}

/* The slot of key in h: the one holding it, or the empty one where it goes. */
static struct strhash_slot *slot_of(const struct strhash *h, const void *key, size_t len,
				    uint64_t hash)
{
	size_t mask = h->cap - 1;

	for (size_t i = (size_t)hash & mask;; i = (i + 1) & mask) {
		struct strhash_slot *s = &h->slots[i];
		if (!s->key || (s->hash == hash && s->len == len && memcmp(s->key, key, len) == 0))
			return s;
	}
}

bool strhash_get(const struct strhash *h, const void *key, size_t len, size_t *value)
{
	const struct strhash_slot *s;

	if (h->cap == 0)
		return false;
	s = slot_of(h, key, len, fnv1a(key, len));
	if (!s->key)
		return false;
	*value = s->value;
	return true;
}

/* Double the slots (at least 64), moving every entry. */
static void rehash(struct strhash *h)
{
	struct strhash old = *h;

	h->cap = old.cap ? old.cap * 2 : 64;
	h->slots = xcalloc(h->cap, sizeof *h->slots);
	for (size_t i = 0; i < old.cap; i++)
		if (old.slots[i].key)
			*slot_of(h, old.slots[i].key, old.slots[i].len, old.slots[i].hash) = old.slots[i];
	free(old.slots);
}

void strhash_put(struct strhash *h, const void *key, size_t len, size_t value)
{
	struct strhash_slot *s;
	uint64_t hash = fnv1a(key, len);

	if (2 * (h->n + 1) > h->cap)
		rehash(h);
	s = slot_of(h, key, len, hash);
	s->key = xmalloc(len);
	memcpy(s->key, key, len);
	s->len = len;
	s->value = value;
	s->hash = hash;
	h->n++;
}

void strhash_free(struct strhash *h)
{
	for (size_t i = 0; i < h->cap; i++)
		free(h->slots[i].key);
	free(h->slots);
	memset(h, 0, sizeof *h);
}
