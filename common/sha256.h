/* SPDX-License-Identifier: GPL-2.0-only */
/* sha256.h: SHA-256 (FIPS 180-4) of bytes, incrementally or at once. */
#ifndef BOOTBENCH_COMMON_SHA256_H
#define BOOTBENCH_COMMON_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_HEX_SIZE 65	/* 64 hex digits and the NUL */

struct sha256 {
	uint32_t h[8];
	uint64_t bytes;			/* hashed so far */
	unsigned char block[64];
	size_t used;			/* of block */
};

void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *data, size_t len);
/* The digest in lower-case hex; s is used up. */
void sha256_hex(struct sha256 *s, char hex[SHA256_HEX_SIZE]);
/* The digest of len bytes at data, in hex. */
void sha256_of(const void *data, size_t len, char hex[SHA256_HEX_SIZE]);

#endif
