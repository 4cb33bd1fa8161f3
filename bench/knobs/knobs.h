/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * knobs.h: a suite's [sysctl] and [machine] values on the running machine
 * (doc/suites.md).
 *
 * knobs_check() runs before anything is formatted: every sysctl name must
 * be an entry of this kernel's /proc/sys that can be read and written, and
 * each of its values is probed (written, read back, the machine's own
 * value written again); each [machine] key finds its control or is noted
 * not applicable (a required value fails instead), and its values are
 * checked against what the machine offers.  knobs_apply() sets an
 * environment's values after the target is mounted and before PostgreSQL
 * starts, and reads each back; every environment sets every key the suite
 * names, so none inherits the one before.  knobs_restore() puts back the
 * machine's own value of every file written, at the end of the run.
 */
#ifndef BOOTBENCH_KNOBS_H
#define BOOTBENCH_KNOBS_H

#include <stdbool.h>
#include <stddef.h>

#include "bench/knobs/knob_state.h"
#include "bench/suite/matrix.h"
#include "bench/suite/suite.h"

/* Whether the suite has a [sysctl] or [machine] section. */
bool knobs_any(const struct suite *s);

/*
 * Check the suite's [sysctl] and [machine] against the machine under root
 * ("" for this one).  0, or -1 with one line in err naming the suite, the
 * line and the key.  k is ready for knobs_apply() either way.
 */
int knobs_check(struct knobs *k, const struct suite *s, const char *root,
		char *err, size_t len);

/* Set c's environment's values and read them back; the values not kept
 * fail.  0 or fail(). */
int knobs_apply(struct knobs *k, const struct bench_case *c);

/* Put back the machine's own values and let go of cpu_dma_latency;
 * each value that cannot be put back is warned about.  0 or -1. */
int knobs_restore(struct knobs *k);

/* The value of knob i in environment e without its '!', and whether it
 * is required. */
const char *knob_value(const struct knobs *k, size_t i, const struct knob_env *e,
		       bool *required);

void knobs_free(struct knobs *k);

#endif
