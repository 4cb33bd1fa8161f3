/* SPDX-License-Identifier: GPL-2.0-only */
/* poweroff.c: the next kernel of a walk, or shell (if asked); stop
 * processes, unmount, sync, reboot(2). */
#include "init/poweroff.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/reboot.h>
#include <sys/wait.h>
#include <unistd.h>

#include "init/boot.h"
#include "init/children.h"
#include "init/console.h"
#include "init/kernel/mounts.h"

static volatile int watchdog_cmd = RB_POWER_OFF;

static void on_alarm(int sig)
{
	static const char msg[] =
		"bootbench: error: the init passed the run's deadline; stopping the machine\n";

	(void)sig;
	write(1, msg, sizeof msg - 1);
	sync();
	reboot(watchdog_cmd);
	_exit(1);
}

void watchdog_arm(long seconds, enum after after)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	watchdog_cmd = after == AFTER_REBOOT ? RB_AUTOBOOT : RB_POWER_OFF;
	alarm(seconds);
}

/* A shell on the console; the machine powers off when it exits. */
static void shell(void)
{
	pid_t pid, w;
	int status;

	alarm(0);
	if (access(SHELL_PROGRAM, X_OK) < 0) {
		warning("bootbench.after=shell: could not access \"%s\":", SHELL_PROGRAM);
		return;
	}
	say("bootbench.after=shell: starting %s; exit it to power off", SHELL_PROGRAM);
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

_Noreturn void power_off(struct boot *b)
{
	enum after after = b->params.after;

	if (b->kexec_loaded) {
		say("walk: starting %s", b->kexec_name);
		proc_stop_all(STOP_GRACE);
		mounts_release();
		reboot(RB_KEXEC);
		warning("walk: could not start %s (reboot RB_KEXEC):", b->kexec_name);
	}
	if (after == AFTER_SHELL)
		shell();
	say("%s", after == AFTER_REBOOT ? "rebooting" : "powering off");
	proc_stop_all(STOP_GRACE);
	mounts_release();
	reboot(after == AFTER_REBOOT ? RB_AUTOBOOT : RB_POWER_OFF);
	fail("could not reboot:");
	/* PID 1 exiting makes the kernel panic; panic=N then reboots. */
	_exit(1);
}
