/* SPDX-License-Identifier: GPL-2.0-only */
/* module_match.h: which modules of the boot's list (load.list) this
 * machine needs, from the build's load.alias and load.dep
 * (kernel-configs/README.md).  A module with device aliases (those that
 * name a bus: "pci:v*d*sv*sd*bc01sc06i01*") is wanted when a device the
 * kernel has found matches one of them, as kmod matches modules.alias
 * (fnmatch); a module that no other one needs and that has no such alias
 * (a scheduler), at every boot; one that others need, with them.  Loading
 * a module can bring devices that another one matches (ahci's SCSI disks
 * for sd_mod), so the caller asks again after each round of loads, until
 * nothing new is wanted. */
#ifndef BOOTBENCH_MODULE_MATCH_H
#define BOOTBENCH_MODULE_MATCH_H

#include <stdbool.h>
#include <stddef.h>

struct module_alias {
	const char *pattern;
	size_t module;		/* index into names */
};

struct module_match {
	const char *const *names;	/* load.list, in load order */
	size_t count;
	struct module_alias *aliases;
	size_t naliases;
	bool *needs;		/* needs[i * count + j]: module i needs j */
	bool *needed;		/* [count]: some module needs it */
	bool *has_alias;	/* [count] */
	bool *wanted;		/* [count] */
	bool started;
};

/* The lists' texts (split in place) for the count modules names (load
 * order): load.alias lines "alias PATTERN FILE", load.dep lines "FILE:
 * [FILE...]", '#' comments; every FILE one of names.  0, or -1 with err
 * naming the line that is not one. */
int module_match_init(struct module_match *m, const char *const *names, size_t count,
		      char *alias_text, char *dep_text, char *err, size_t errlen);

void module_match_free(struct module_match *m);

/* Mark wanted the modules (and what they need) that the n modaliases of
 * the machine's devices call for and, at the first call, those wanted at
 * every boot; the number newly wanted. */
size_t module_match_want(struct module_match *m, const char *const *modaliases, size_t n);

#endif
