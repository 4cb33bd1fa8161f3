/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * boot_status.h: what the boot program tells the outside of the boot, both
 * made from struct boot: the handover file PID 1 reads if the boot
 * program crashes (handover.h), saved at every step, and the end line.
 */
#ifndef BOOTBENCH_INIT_BOOT_STATUS_H
#define BOOTBENCH_INIT_BOOT_STATUS_H

struct boot;
struct end_line;
struct handover;

/* Save the handover file: the phase that runs, the run, the results
 * partition.  A failure is a warning, said once. */
void boot_status_save(const struct boot *b);

/* Step: the end line on the console; the handover file then says the
 * run has ended and what comes next. */
void boot_status_end(const struct boot *b);

/* The end line of boot b, and the handover file that goes with it (e's
 * strings point into h). */
void boot_status_end_line(const struct boot *b, struct handover *h, struct end_line *e);

#endif
