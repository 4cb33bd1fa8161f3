/* sha256.h: SHA-256 (FIPS 180-4), the hash of the kernel config in run.json. */
#ifndef BOOTBENCH_SHA256_H
#define BOOTBENCH_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_HEX_SIZE 65	/* 64 hex digits and the NUL */

struct sha256 {
	uint32_t h[8];
	uint64_t bytes;		/* hashed so far */
	unsigned char block[64];
	size_t fill;		/* bytes in block */
};

void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *data, size_t len);
/* The digest as 64 lower-case hex digits. */
void sha256_final_hex(struct sha256 *s, char out[SHA256_HEX_SIZE]);

/* All three at once. */
void sha256_hex(const void *data, size_t len, char out[SHA256_HEX_SIZE]);

#endif
