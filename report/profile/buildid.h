/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * buildid.h: the GNU build id of an ELF file (its NT_GNU_BUILD_ID note),
 * to tell whether an unstripped copy is the build that was profiled.
 */
#ifndef BOOTBENCH_REPORT_BUILDID_H
#define BOOTBENCH_REPORT_BUILDID_H

/* The build id of the ELF file at path in lower-case hex, a new string;
 * NULL if the file cannot be read (errno), is not a 64-bit little-endian
 * ELF file or has no build id (errno 0). */
char *elf_build_id(const char *path);

#endif
