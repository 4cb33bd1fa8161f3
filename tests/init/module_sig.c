/* SPDX-License-Identifier: GPL-2.0-only */
/* Unit tests: a module image's length without its appended signature. */
#include <string.h>

#include "init/kernel/module_sig.h"
#include "tap.h"

#define MARKER "~Module signature appended~\n"

/* A module of body bytes, then a signature of sig bytes, its struct
 * module_signature (signer and key id lengths as given) and the marker,
 * into buf: its length. */
static size_t signed_module(unsigned char *buf, size_t body, size_t sig, unsigned signer,
			    unsigned key_id)
{
	size_t n = body + signer + key_id + sig;

	memset(buf, 'm', body);
	memset(buf + body, 's', n - body);
	unsigned char info[12] = { 0, 0, 2, (unsigned char)signer, (unsigned char)key_id, 0, 0, 0,
				   (unsigned char)(sig >> 24), (unsigned char)(sig >> 16),
				   (unsigned char)(sig >> 8), (unsigned char)sig };
	memcpy(buf + n, info, sizeof info);
	memcpy(buf + n + sizeof info, MARKER, strlen(MARKER));
	return n + sizeof info + strlen(MARKER);
}

int main(void)
{
	static unsigned char buf[1 << 17];
	size_t len;

	len = signed_module(buf, 1000, 263, 0, 0);
	ok(module_unsigned_length(buf, len) == 1000,
	   "a PKCS#7 signature of 263 bytes: the 1000 bytes before it");
	len = signed_module(buf, 5000, 70000, 0, 0);
	ok(module_unsigned_length(buf, len) == 5000,
	   "a signature length of more than 16 bits, read big-endian");
	len = signed_module(buf, 300, 256, 20, 8);
	ok(module_unsigned_length(buf, len) == 300, "the signer's and key id's lengths left out too");
	memset(buf, 'm', 4000);
	ok(module_unsigned_length(buf, 4000) == 4000, "no marker: the whole file");
	ok(module_unsigned_length(buf, 10) == 10, "shorter than the marker: the whole file");
	len = signed_module(buf, 10, 263, 0, 0);
	ok(module_unsigned_length(buf + 200, len - 200) == len - 200,
	   "a signature longer than the file before it: the whole file, for the kernel to judge");
	return tap_done();
}
