/* SPDX-License-Identifier: GPL-2.0-only */
/* modules.h: load this kernel's modules, in the order the build computed:
 * /lib/modules/<release>/load.list names one .ko file of that directory
 * per line ('#' starts a comment).  No list: everything is built in. */
#ifndef BOOTBENCH_MODULES_H
#define BOOTBENCH_MODULES_H

#include <stddef.h>

#define MODULES_MAX 256

/* Split the list text (in place) into file names; -1 with err for a
 * name that is not a plain .ko file name, or for too many. */
int module_list_parse(char *text, const char **names, size_t max, size_t *count,
		      char *err, size_t errlen);

struct boot;

/* Step: finit_module() each listed module.  One already loaded is fine,
 * and so is one with no device to drive (ENODEV); any other error fails
 * the run, after the rest of the list is loaded. */
int modules_load(struct boot *b);

#endif
