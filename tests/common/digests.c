/* SPDX-License-Identifier: GPL-2.0-only */
/* Unit tests: CRC-32C and SHA-256 (common/crc32c.h, common/sha256.h) on
 * their standards' check values, whole and in pieces. */
#include <stdlib.h>
#include <string.h>

#include "crc32c.h"
#include "sha256.h"
#include "tap.h"

int main(void)
{
	char hex[SHA256_HEX_SIZE];
	static unsigned char big[1 << 20];
	struct sha256 s;

	ok(crc32c(0, "123456789", 9) == 0xe3069283, "crc32c of \"123456789\" is e3069283");
	ok(crc32c(0, "", 0) == 0, "crc32c of nothing is 0");
	ok(crc32c(crc32c(0, "1234", 4), "56789", 5) == 0xe3069283,
	   "crc32c continued from the CRC of the bytes before");
	/* 32 bytes of zeros: iSCSI's (RFC 3720, B.4) check value. */
	memset(big, 0, 32);
	ok(crc32c(0, big, 32) == 0x8a9136aa, "crc32c of 32 zero bytes is 8a9136aa (RFC 3720)");
	memset(big, 0xff, 32);
	ok(crc32c(0, big, 32) == 0x62a8ab43, "crc32c of 32 0xff bytes is 62a8ab43 (RFC 3720)");
	/* Unaligned starts and odd lengths give what one pass gives. */
	for (size_t i = 0; i < sizeof(big); i++)
		big[i] = (unsigned char)(i * 7 + (i >> 9));
	uint32_t whole = crc32c(0, big, sizeof(big)), pieces = 0;
	for (size_t at = 0, n = 1; at < sizeof(big); at += n, n = n * 3 + 1)
		pieces = crc32c(pieces, big + at, at + n > sizeof(big) ? sizeof(big) - at : n);
	ok(whole == pieces, "crc32c of 1 MiB in pieces of 1, 4, 13, ... bytes is the whole's");
	/* Zeros after some bytes, as the cluster template's check adds a
	 * file's unstored tail (bench/pg/cluster.h). */
	memset(big + 1000, 0, sizeof(big) - 1000);
	whole = crc32c(0, big, sizeof(big));
	ok(crc32c_zeros(crc32c(0, big, 1000), sizeof(big) - 1000) == whole,
	   "crc32c_zeros: 1000 bytes then zeros to 1 MiB is the whole's");
	ok(crc32c_zeros(0, 32) == 0x8a9136aa && crc32c_zeros(0x12345678, 0) == 0x12345678,
	   "crc32c_zeros of 32 zero bytes is RFC 3720's; of none, the CRC given");

	sha256_of("abc", 3, hex);
	is_str(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
	       "sha256 of \"abc\" (FIPS 180-4)");
	sha256_of("", 0, hex);
	is_str(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
	       "sha256 of nothing");
	const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	sha256_of(two, strlen(two), hex);
	is_str(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
	       "sha256 of the 448-bit message (two blocks with the padding)");
	memset(big, 'a', 1000);
	sha256_init(&s);
	for (int i = 0; i < 1000; i++)
		sha256_update(&s, big, 1000);
	sha256_hex(&s, hex);
	is_str(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
	       "sha256 of a million 'a's, 1000 bytes at a time");
	return tap_done();
}
