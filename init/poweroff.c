/* SPDX-License-Identifier: GPL-2.0-only */
/* poweroff.c: the end of the boot program: a shell (if asked), then stop
 * every process, unmount, and tell PID 1 how the machine ends. */
#include "init/poweroff.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "init/boot.h"
#include "init/console.h"
#include "init/handover.h"
#include "init/hang.h"
#include "init/kernel/mounts.h"
#include "init/stop_all.h"

/* A shell on the console; the machine powers off when it exits. */
static void shell(void)
{
	pid_t pid, w;
	int status;

	if (access(SHELL_PROGRAM, X_OK) < 0) {
		warning("bootbench.after=shell: could not access \"%s\":", SHELL_PROGRAM);
		return;
	}
	note("bootbench.after=shell: starting %s; exit it to power off", SHELL_PROGRAM);
	pid = fork();
	if (pid < 0) {
		warning("bootbench.after=shell: could not fork:");
		return;
	}
	if (pid == 0) {
		sigset_t none;

		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		setsid();
		ioctl(0, TIOCSCTTY, 1);
		execl(SHELL_PROGRAM, "-sh", (char *)NULL);
		dprintf(2, "bootbench: error: could not execute \"%s\": %s\n", SHELL_PROGRAM, strerror(errno));
		_exit(127);
	}
	while ((w = wait(&status)) >= 0 && w != pid)
		;
}

/* Every other process stopped, the disks unmounted: PID 1 does the rest.
 * After a lost I/O (hang.h) only the results partition is synced. */
static _Noreturn void leave(const struct boot *b, enum boot_exit how)
{
	proc_stop_all(STOP_GRACE);
	if (b->hang.found)
		mounts_sync_one(RESULTS_MOUNT);
	else
		mounts_release();
	exit(how);
}

_Noreturn void power_off(struct boot *b)
{
	enum after after = b->params.after;

	if (b->kexec_loaded) {
		note("walk: starting %s", b->kexec_name);
		leave(b, BOOT_EXIT_KEXEC);
	}
	if (after == AFTER_SHELL)
		shell();
	note("%s", after == AFTER_REBOOT ? "rebooting" : "powering off");
	leave(b, after == AFTER_REBOOT ? BOOT_EXIT_REBOOT : BOOT_EXIT_POWEROFF);
}
