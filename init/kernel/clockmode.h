/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * clockmode.h: the clock a boot's figures are measured in
 * (bootbench.clock=), as the host that booted it says: the host's time
 * ("host", the default), or QEMU's instruction count ("instructions:N",
 * QEMU's -icount shift=N: each guest instruction is 2^N ns of the guest's
 * time).  run.json records it, and the suite runner gets it as
 * BOOTBENCH_CLOCK, in the same words.
 */
#ifndef BOOTBENCH_INIT_CLOCKMODE_H
#define BOOTBENCH_INIT_CLOCKMODE_H

#include <stdbool.h>
#include <stddef.h>

#define CLOCK_SHIFT_MAX 10
#define CLOCK_TEXT_MAX 16	/* "instructions:10" and its NUL */
#define CLOCK_RULE "host, or instructions:N with N from 0 to 10"

struct clock_mode {
	bool instructions;	/* false: the host's time */
	int shift;		/* QEMU's -icount shift; 0 for the host's time */
};

/* text ("host" or "instructions:N") into c: 0, or -1 leaving c as it was. */
int clock_parse(const char *text, struct clock_mode *c);

/* c in the words clock_parse() reads, in buf. */
const char *clock_text(const struct clock_mode *c, char *buf, size_t size);

#endif
