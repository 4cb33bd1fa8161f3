/* SPDX-License-Identifier: GPL-2.0-only */
/* module_sig.h: a module file's appended signature, as the kernel's
 * scripts/sign-file appends it and kernel/module/signing.c reads it: the
 * signature (PKCS#7), then struct module_signature (12 bytes: algorithm,
 * hash, id type, signer and key id lengths, 3 bytes of padding, the
 * signature's length big-endian), then the marker "~Module signature
 * appended~\n". */
#ifndef BOOTBENCH_MODULE_SIG_H
#define BOOTBENCH_MODULE_SIG_H

#include <stddef.h>

/* The length of the module image in buf (len bytes) without its appended
 * signature: len when there is none, or when what precedes the marker
 * does not hold the lengths it gives (the kernel is left to judge it). */
size_t module_unsigned_length(const unsigned char *buf, size_t len);

#endif
