/* SPDX-License-Identifier: GPL-2.0-only */
/* poweroff.h: the end of every boot: power off, reboot, the next kernel
 * of a walk, or a shell first when bootbench.after=shell asked for one.
 * PID 1 ends the machine (pid1.c); the boot program's exit status tells
 * it how (handover.h). */
#ifndef BOOTBENCH_POWEROFF_H
#define BOOTBENCH_POWEROFF_H

struct boot;

/* Step: the after= shell, then stop every process, unmount, and exit
 * with the after= action (the next kernel first, if one is loaded). */
_Noreturn void power_off(struct boot *b);

#endif
