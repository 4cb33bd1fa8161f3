/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * walk.h: one power-on measures a list of kernels (bootbench.next=PATH).
 *
 * The walk file on the results partition (walk_file.h) lists the kernels
 * and which one comes next.  Before the run, walk_check() reads it and
 * refuses, with one line and before anything is formatted, a file that
 * does not parse, a kernel or initramfs that is missing, and a running
 * kernel whose config lacks CONFIG_KEXEC_FILE.  After the run has been
 * recorded, walk_load_next() counts the next entry as taken in the walk
 * file (crash-safely), loads its kernel and initramfs with
 * kexec_file_load(2) and the same command line (the run id becomes the
 * walk's id and the entry's number), and power_off() then jumps into it.
 * The walk ends when every kernel has run, when a run failed, or when the
 * walk's deadline has passed; each finished run stays as it was written.
 */
#ifndef BOOTBENCH_INIT_WALK_H
#define BOOTBENCH_INIT_WALK_H

#include <stdbool.h>
#include <stddef.h>

#include "init/kernel/variant.h"
#include "init/walk/walk_file.h"

/* What the walk's steps read of the boot. */
struct walk_boot {
	const char *file;		/* bootbench.next=: the walk file below
					   results; "" if none */
	bool results_console;		/* bootbench.results=console: no partition */
	const char *results;		/* where the results partition is mounted */
	const char *run_dir;		/* this run's directory (the kernel's config) */
	const char *release;		/* the running kernel's release */
	const char *cmdline;		/* this boot's command line, or NULL */
	const struct variant *variant;	/* this boot's variant */
};

/* Step: read and check the walk file into w.  1 if this boot is part of
 * a walk, 0 if there is none, -1 after fail(). */
int walk_check(const struct walk_boot *b, struct walk *w);

/* Step: load the next kernel of w.  0 with its name in name (size bytes)
 * if it is loaded, else -1 (the walk ends here, and says why). */
int walk_load_next(const struct walk_boot *b, struct walk *w, char *name, size_t size);

/* The command line for the next kernel: CMDLINE without its bootbench.id=
 * and bootbench.variant= words and without the parameters of this boot's
 * variant NOW (each once), then the parameters of the next kernel's
 * variant NEXT and "bootbench.variant=NAME" if it has one, then
 * "bootbench.id=ID-N" if ID is not "".  0, or -1 if it does not fit in
 * SIZE. */
int walk_cmdline(const char *cmdline, const struct variant *now, const struct variant *next,
		 const char *id, int n, char *out, size_t size);

#endif
