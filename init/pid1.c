/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pid1.c: /init, PID 1 of the appliance.
 *
 * When PID 1 ends, the kernel panics.  So this program does little and
 * reads almost nothing from outside: it mounts the kernel's filesystems
 * (/proc for the command line, /dev for the console, /run for the
 * handover file), blocks every signal, and starts the boot program
 * (BOOT_PROGRAM, boot_main.c), which does the boot.  From then on it
 * reaps every child, orphans included, and holds the run's deadline:
 * bootbench.timeout + DEADLINE_EXTRA seconds.
 *
 * The boot program ends the run itself and says by its exit status how
 * the machine ends (handover.h); PID 1 does it.  When the boot program
 * does not (it was killed by a signal, left early, or passed the
 * deadline), PID 1 stops what is left, starts it again to record the
 * crash (crash_record.h) and, if that fails too, prints the reason and
 * the end line itself.  Then it syncs the disks (in a child, for at most
 * SYNC_TIME s: never when the boot program found a disk's I/O lost) and
 * powers off, or reboots for bootbench.after=reboot.  It never exits.
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/reboot.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/fileio.h"
#include "init/console.h"
#include "init/handover.h"
#include "init/kernel/mounts.h"
#include "init/results/endline.h"
#include "init/stop_all.h"
#include "init/supervise.h"

static sigset_t all;

/* Start argv[0] in a session of its own, with no signal blocked; -1 after
 * saying why it could not be. */
static pid_t start(const char *const argv[])
{
	sigset_t none;
	pid_t pid = fork();

	if (pid < 0) {
		warning("could not start \"%s\": fork:", argv[0]);
		return -1;
	}
	if (pid > 0)
		return pid;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	setsid();
	execv(argv[0], (char *const *)argv);
	dprintf(2, "bootbench: error: could not execute \"%s\": %s\n", argv[0], strerror(errno));
	_exit(127);
}

/* Reap every child that has ended until pid is one of them (1, its wait
 * status in *status) or until the clock_now() time until (0).  Every
 * signal is blocked: each one, SIGCHLD among them, only wakes the wait. */
static int reap_until(pid_t pid, double until, int *status)
{
	for (;;) {
		double left;
		pid_t w;
		int st;

		while ((w = waitpid(-1, &st, WNOHANG)) > 0) {
			if (w == pid) {
				*status = st;
				return 1;
			}
		}
		left = until - clock_now();
		if (left <= 0)
			return 0;
		left = fmin(left, 60);
		sigtimedwait(&all, NULL, &(struct timespec){ (time_t)left,
				(long)((left - (time_t)left) * 1e9) });
	}
}

/* Run argv until it ends (1, *status) or until until (0: it and every
 * other process were killed); -1 if it could not be started. */
static int run(const char *const argv[], double until, int *status)
{
	struct handover h;
	pid_t pid = start(argv);

	if (pid < 0)
		return -1;
	while (!reap_until(pid, until, status)) {
		/* A shell the run ended with has no deadline. */
		if (handover_load(HANDOVER_PATH, &h) == 0 &&
		    strcmp(h.end, after_name(AFTER_SHELL)) == 0) {
			until = INFINITY;
			continue;
		}
		kill(-1, SIGKILL);
		reap_until(pid, clock_now() + STOP_GRACE, status);
		return 0;
	}
	return 1;
}

/* The boot program did not end the run: record it, or say it here. */
static void record_crash(const char *reason, double deadline, const struct supervision *sv)
{
	const char *argv[] = { BOOT_PROGRAM, BOOT_RECORD_CRASH, reason, NULL };
	struct handover h;
	struct end_line e;
	int status;

	proc_stop_all(STOP_GRACE);
	if (run(argv, fmax(deadline, clock_now() + RECORD_TIME), &status) == 1 &&
	    WIFEXITED(status) && WEXITSTATUS(status) == BOOT_EXIT_RECORDED)
		return;
	proc_stop_all(STOP_GRACE);
	fail("%s", reason);
	handover_load(HANDOVER_PATH, &h);
	supervise_end_line(&h, reason, false, NULL, sv, &e);
	end_line_print(&e);
}

/* sync(2) in a child, for at most SYNC_TIME s; none when the boot
 * program found a disk's I/O lost (hang.h): it would wait for ever. */
static void sync_disks(void)
{
	struct handover h;
	int status;
	pid_t pid;

	if (handover_load(HANDOVER_PATH, &h) == 0 && h.hung[0]) {
		note("not syncing the disks: the I/O of %s was lost", h.hung);
		return;
	}
	pid = fork();
	if (pid == 0) {
		sync();
		_exit(0);
	}
	if (pid < 0)
		warning("could not sync the disks: fork:");
	else if (!reap_until(pid, clock_now() + SYNC_TIME, &status))
		warning("the disks did not sync within %d s: going on without it", SYNC_TIME);
}

/* reboot(2) as cmd says; PID 1 stays if the kernel refuses. */
static _Noreturn void end_machine(int cmd, const struct supervision *sv)
{
	int status;

	sync_disks();
	if (cmd == RB_KEXEC) {
		reboot(RB_KEXEC);
		warning("walk: could not start the next kernel (reboot RB_KEXEC):");
		cmd = supervise_after(sv);
		note("%s", cmd == RB_AUTOBOOT ? "rebooting" : "powering off");
	}
	reboot(cmd);
	fail("could not %s (reboot(2)):", cmd == RB_AUTOBOOT ? "reboot" : "power off");
	for (;;)
		reap_until(0, INFINITY, &status);
}

int main(void)
{
	const char *const boot[] = { BOOT_PROGRAM, NULL };
	struct supervision sv;
	struct handover h;
	char reason[512], *cmdline;
	double deadline;
	int status = 0, ended;

	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, NULL);
	mounts_bringup();
	console_open();
	cmdline = read_text("/proc/cmdline", 65536, NULL);
	supervise_read(cmdline, &sv);
	free(cmdline);
	deadline = clock_now() + sv.timeout + DEADLINE_EXTRA;

	ended = run(boot, deadline, &status);
	if (ended == 1 && supervise_ended(status))
		end_machine(supervise_command(status, &sv), &sv);

	handover_load(HANDOVER_PATH, &h);
	if (ended < 0)
		snprintf(reason, sizeof reason, "could not start the boot program \"%s\"", BOOT_PROGRAM);
	else
		supervise_reason(status, ended == 0, &sv, h.phase, reason, sizeof reason);
	if (h.end[0]) {
		warning("%s, after the end of the run", reason);
		proc_stop_all(STOP_GRACE);
	} else {
		record_crash(reason, deadline, &sv);
	}
	note("%s", supervise_after(&sv) == RB_AUTOBOOT ? "rebooting" : "powering off");
	end_machine(supervise_after(&sv), &sv);
}
