/* SPDX-License-Identifier: GPL-2.0-only */
/* module_sig.c: a module image without its appended signature. */
#include "init/kernel/module_sig.h"

#include <string.h>

#define MARKER "~Module signature appended~\n"
#define MARKER_LEN (sizeof MARKER - 1)
#define SIG_INFO_LEN 12		/* struct module_signature */

size_t module_unsigned_length(const unsigned char *buf, size_t len)
{
	if (len < MARKER_LEN + SIG_INFO_LEN || memcmp(buf + len - MARKER_LEN, MARKER, MARKER_LEN))
		return len;
	const unsigned char *info = buf + len - MARKER_LEN - SIG_INFO_LEN;
	size_t sig_len = (size_t)info[8] << 24 | (size_t)info[9] << 16 |
			 (size_t)info[10] << 8 | info[11];
	size_t appended = MARKER_LEN + SIG_INFO_LEN + info[3] + info[4] + sig_len;

	return appended > len ? len : len - appended;
}
