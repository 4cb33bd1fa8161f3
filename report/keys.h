/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * keys.h: the keys that name the columns and rows (--by, --rows).
 *
 * A key is an attribute of the measurements (runs.h: kernel, variant, run,
 * env and params keys, by full name or by a last part that is unique),
 * "kernel+variant" (the kernel and, for a run booted as a kernel variant,
 * the variant's name: "6.12.117+deb13-cloud-amd64 pti=on"), or any fact of
 * run.json by its dotted path (kernel.clocksource), or a last part of one
 * that is unique (mitigations.meltdown).  The values of the last two are
 * added to the measurements' attributes under the key.
 */
#ifndef BOOTBENCH_REPORT_KEYS_H
#define BOOTBENCH_REPORT_KEYS_H

#include "report/runs.h"

#define KEY_KERNEL_VARIANT "kernel+variant"

/* The key name stands for, a new string; NULL after an error message that
 * names what (--by, --rows). */
char *key_resolve(struct dataset *ds, const char *name, const char *what);

/* The columns when --by is not given: the kernel, or kernel+variant when
 * the runs' variants differ. */
const char *key_default_axis(const struct dataset *ds);

/* The value of key in m, or "(none)" where m has none: the column, row or
 * table of a measurement without the key. */
const char *key_value(const struct measurement *m, const char *key);

#endif
