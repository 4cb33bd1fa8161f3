/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * clockmode.h: the clock a boot's figures are measured in
 * (bootbench.clock=), as the host that booted it says: the host's time
 * ("host", the default), or QEMU's instruction count ("instructions:N",
 * QEMU's -icount shift=N: each guest instruction is 2^N ns of the guest's
 * time), with ",sleep=off" when an idle guest's clock jumps to its next
 * deadline instead of following the host's (-icount ...,sleep=off: the
 * deterministic machine, doc/clocks.md).  The init reads it from the
 * command line and records it in run.json; the suite runner gets it as
 * BOOTBENCH_CLOCK, in the same words.
 */
#ifndef BOOTBENCH_COMMON_CLOCKMODE_H
#define BOOTBENCH_COMMON_CLOCKMODE_H

#include <stdbool.h>
#include <stddef.h>

#define CLOCK_SHIFT_MAX 10
#define CLOCK_TEXT_MAX 32	/* "instructions:10,sleep=off" and its NUL */
#define CLOCK_RULE "host, or instructions:N with N from 0 to 10, and ,sleep=off after it if " \
	"the idle guest's clock jumps"

struct clock_mode {
	bool instructions;	/* false: the host's time */
	int shift;		/* QEMU's -icount shift; 0 for the host's time */
	bool idle_jumps;	/* sleep=off: an idle guest's time jumps */
};

/* text ("host", "instructions:N" or "instructions:N,sleep=off") into c:
 * 0, or -1 leaving c as it was. */
int clock_parse(const char *text, struct clock_mode *c);

/* c in the words clock_parse() reads, in buf. */
const char *clock_text(const struct clock_mode *c, char *buf, size_t size);

#endif
