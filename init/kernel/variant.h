/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * variant.h: a kernel variant, the extra kernel parameters one boot of a
 * kernel adds to its command line (bootbench.variant=NAME; a walk file's
 * kernel line).
 *
 * The variant's name is its parameters joined with '+' ("pti=on",
 * "pti=on+nosmt").  A parameter is made of letters, digits and _-.,:=@
 * (what GRUB, iPXE, LAVA's YAML, a make variable and a file name carry as
 * it is), starts with a letter, a digit or '_', is not one of bootbench's
 * own (bootbench.*) and is not given twice.  host/bootbench/variants.py
 * keeps the same rules; tests/lib/variant-names.txt holds both to them.
 */
#ifndef BOOTBENCH_INIT_VARIANT_H
#define BOOTBENCH_INIT_VARIANT_H

#include <stddef.h>

#define VARIANT_NAME_MAX 255
#define VARIANT_PARAM_MAX 127
#define VARIANT_PARAMS_MAX 16

struct variant {
	char name[VARIANT_NAME_MAX + 1];	/* "" for none */
	int count;
	char param[VARIANT_PARAMS_MAX][VARIANT_PARAM_MAX + 1];
};

/* Parse the variant name into v.  0, or -1 with why saying what is wrong
 * with it (v then holds no variant). */
int variant_parse(const char *name, struct variant *v, char *why, size_t size);

#endif
