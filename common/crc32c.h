/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * crc32c.h: CRC-32C (Castagnoli, iSCSI's and ext4's), with the SSE4.2
 * instruction where the CPU has it and a table elsewhere: the same value
 * either way.
 */
#ifndef BOOTBENCH_COMMON_CRC32C_H
#define BOOTBENCH_COMMON_CRC32C_H

#include <stddef.h>
#include <stdint.h>

/* The CRC-32C of len bytes after crc, the CRC of what came before them
 * (0 to start): crc32c(crc32c(0, a), b) is the CRC of a then b.
 * crc32c(0, "123456789", 9) is 0xe3069283. */
uint32_t crc32c(uint32_t crc, const void *data, size_t len);

/* crc32c() of len zero bytes after crc. */
uint32_t crc32c_zeros(uint32_t crc, uint64_t len);

#endif
