/* SPDX-License-Identifier: GPL-2.0-only */
/* buildid.c: the GNU build id note of an ELF file (buildid.h). */
#include "report/profile/buildid.h"

#include "report/util.h"

#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Read size bytes at offset of f into buf; false on a short read. */
static bool read_at(FILE *f, long offset, void *buf, size_t size)
{
	return fseek(f, offset, SEEK_SET) == 0 && fread(buf, 1, size, f) == size;
}

/* The build id among the notes notes[0..size), in hex; NULL if none. */
static char *note_build_id(const unsigned char *notes, size_t size)
{
	size_t off = 0;

	while (off + sizeof(Elf64_Nhdr) <= size) {
		Elf64_Nhdr nh;
		size_t name_at, desc_at, next;

		memcpy(&nh, notes + off, sizeof nh);
		name_at = off + sizeof nh;
		desc_at = name_at + ((nh.n_namesz + 3u) & ~3u);
		next = desc_at + ((nh.n_descsz + 3u) & ~3u);
		if (desc_at > size || nh.n_descsz > size - desc_at)
			return NULL;
		if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
		    memcmp(notes + name_at, "GNU", 4) == 0 && nh.n_descsz > 0 && nh.n_descsz <= 64) {
			char *hex = xmalloc(2 * nh.n_descsz + 1);
			for (size_t i = 0; i < nh.n_descsz; i++)
				sprintf(hex + 2 * i, "%02x", notes[desc_at + i]);
			return hex;
		}
		off = next;
	}
	return NULL;
}

char *elf_build_id(const char *path)
{
	FILE *f = fopen(path, "rb");
	Elf64_Ehdr eh;
	char *id = NULL;

	if (!f)
		return NULL;
	errno = 0;
	if (!read_at(f, 0, &eh, sizeof eh) || memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_ident[EI_DATA] != ELFDATA2LSB ||
	    eh.e_phentsize != sizeof(Elf64_Phdr)) {
		fclose(f);
		errno = 0;
		return NULL;
	}
	/* The notes of the program headers: where the loader (and perf
	 * record) find the build id, in stripped and unstripped files. */
	for (unsigned i = 0; i < eh.e_phnum && !id; i++) {
		Elf64_Phdr ph;
		unsigned char *notes;
		if (!read_at(f, (long)(eh.e_phoff + i * sizeof ph), &ph, sizeof ph))
			break;
		if (ph.p_type != PT_NOTE || ph.p_filesz == 0 || ph.p_filesz > (1u << 20))
			continue;
		notes = xmalloc(ph.p_filesz);
		if (read_at(f, (long)ph.p_offset, notes, ph.p_filesz))
			id = note_build_id(notes, ph.p_filesz);
		free(notes);
	}
	fclose(f);
	errno = 0;
	return id;
}
