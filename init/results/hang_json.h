/* SPDX-License-Identifier: GPL-2.0-only */
/* hang_json.h: run.json's "hang" member: the hung-task detector's timeout
 * and a lost I/O's evidence (init/hang.h; doc/results-format.md). */
#ifndef BOOTBENCH_INIT_HANG_JSON_H
#define BOOTBENCH_INIT_HANG_JSON_H

#include "common/json.h"
#include "init/hang.h"

/* "hang": {...}, or null when h is NULL (not known). */
void hang_json(struct json *j, const struct hang *h);

#endif
