/* SPDX-License-Identifier: GPL-2.0-only */
/* modules.h: load this kernel's modules, in the order the build computed:
 * /lib/modules/<release>/load.list names one .ko file of that directory
 * per line ('#' starts a comment), the modules of every boot; no list:
 * everything is built in.  load-<filesystem>.list, the same, names what
 * a filesystem needs beyond them, loaded only for a suite that formats
 * it; none: the kernel has it built in, or not at all. */
#ifndef BOOTBENCH_MODULES_H
#define BOOTBENCH_MODULES_H

#include <stdbool.h>
#include <stddef.h>

#define MODULES_MAX 256

/* Split the list text (in place) into file names; -1 with err for a
 * name that is not a plain .ko file name, or for too many. */
int module_list_parse(char *text, const char **names, size_t max, size_t *count,
		      char *err, size_t errlen);

/* Each module loads with the parameters the kernel command line gives it
 * (module_cmdline_params()), after those of the list's caller. */

/* From now on, each module loads without its appended signature
 * (init_module() of the file's image up to it: the kernel checks no
 * signature and taints itself E, "unsigned module"), as long as the kernel
 * takes it so; said on the console.  For bootbench.unsigned-modules=1. */
void modules_skip_signatures(void);

/* Step: finit_module() each listed module of Linux release.  One already loaded is fine,
 * and so is one with no device to drive (ENODEV); any other error fails
 * the run, after the rest of the list is loaded.  With bootbench.pmem=1,
 * then the modules of load-pmem.list (persistent memory). */
int modules_load(const char *release, bool pmem);

/* The modules of /lib/modules/RELEASE/load-NAME.list, loaded as
 * modules_load() loads them, each with the parameters params(its file
 * name) gives (NULL: none).  0 with *found false when there is no such
 * list (the kernel has them built in, or not at all); -1 after fail(). */
int modules_load_named(const char *release, const char *name,
		       const char *(*params)(const char *ko), bool *found);

/* The parameters the kernel command line gives module (its file name
 * without .ko), as modprobe takes them: each word MODULE.PARAM=VALUE, '-'
 * and '_' alike in MODULE, as PARAM=VALUE, space-separated, into out;
 * cut short (and -1) if out is too small. */
int module_cmdline_params(const char *cmdline, const char *module, char *out, size_t size);

/* Whether the text of /proc/filesystems lists filesystem name. */
bool filesystem_listed(const char *proc_filesystems, const char *name);

/* Step: for each of the n filesystems (those the suite formats) that
 * the kernel does not have, the modules of its list, as modules_load()
 * loads them; then the kernel's disk filesystems on the console. */
int modules_load_filesystems(const char *release, const char *const *filesystems, int n);

#endif
