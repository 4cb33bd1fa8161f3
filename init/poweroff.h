/* SPDX-License-Identifier: GPL-2.0-only */
/* poweroff.h: the end of every boot: power off, reboot, or a shell
 * first when bootbench.after=shell asked for one; and the watchdog that
 * powers off if the init itself hangs past the run's deadline. */
#ifndef BOOTBENCH_POWEROFF_H
#define BOOTBENCH_POWEROFF_H

#include "init/kernel/cmdline.h"

/* Power off (or reboot, for after=reboot) when seconds have passed,
 * whatever the init is doing then. */
void watchdog_arm(long seconds, enum after after);

struct boot;

/* Step: stop every process, unmount, sync, then the after= action. */
_Noreturn void power_off(struct boot *b);

#endif
