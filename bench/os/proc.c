/* SPDX-License-Identifier: GPL-2.0-only */
/* proc.c: child processes, each with a deadline. */
#include "bench/os/proc.h"
#include "bench/msg.h"
#include "bench/os/fsio.h"
#include "common/clock.h"
#include "common/procstat.h"
#include "common/spawn_run.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define END_GRACE_S 2.0        /* from SIGTERM to SIGKILL when a run ends early */

static const int stop_signals[] = { SIGTERM, SIGINT, SIGHUP };
#define N_STOP_SIGNALS (sizeof(stop_signals) / sizeof(stop_signals[0]))

static sigset_t wait_mask;     /* while waiting: stop signals and SIGCHLD open */
static volatile sig_atomic_t stop_signal;
static bool stuck;             /* a child was left in state D (proc_stuck()) */

static void on_stop(int sig)
{
	if (!stop_signal)
		stop_signal = sig;
}

int proc_init(void)
{
	sigset_t block;
	struct sigaction sa = { 0 };

	sigemptyset(&block);
	for (size_t i = 0; i < N_STOP_SIGNALS; i++)
		sigaddset(&block, stop_signals[i]);
	if (sigprocmask(SIG_BLOCK, &block, NULL) < 0 ||
	    spawn_catch_sigchld(&wait_mask) < 0)
		return fail("could not block signals:");
	for (size_t i = 0; i < N_STOP_SIGNALS; i++)
		sigdelset(&wait_mask, stop_signals[i]);

	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_stop;
	for (size_t i = 0; i < N_STOP_SIGNALS; i++)
		if (sigaction(stop_signals[i], &sa, NULL) < 0)
			return fail("could not handle %s:", strsignal(stop_signals[i]));
	/* A closed console must not kill the run: writes fail with EPIPE. */
	sa.sa_handler = SIG_IGN;
	if (sigaction(SIGPIPE, &sa, NULL) < 0)
		return fail("could not ignore SIGPIPE:");
	return 0;
}

int proc_stop_signal(void)
{
	return stop_signal;
}

bool proc_stuck(void)
{
	return stuck;
}

/* The child did not end even SPAWN_GIVE_UP s after SIGKILL.  In state D
 * it waits in the kernel for I/O that does not complete: the run is
 * stuck. */
static int lost(const struct proc_spec *spec, const struct spawn_result *r, double timeout_s)
{
	char state = procstat_state(r->pid), when[160];

	if (r->timed_out)
		snprintf(when, sizeof(when), "past its deadline of %.0f s", timeout_s);
	else
		snprintf(when, sizeof(when), "%s",
			 r->stopped ? "when the run was stopped" : "when the runner ended it");
	if (state != 'D')
		return fail("%s (pid %d), %s, did not end %.0f s after SIGKILL (state %c)",
			    spec->name, (int)r->pid, when, SPAWN_GIVE_UP, state ? state : '?');
	stuck = true;
	return fail("%s (pid %d) is stuck in uninterruptible sleep (state D) %s: "
		    "SIGKILL did not end it, the I/O it waits for does not complete",
		    spec->name, (int)r->pid, when);
}

/* Sleep until a signal comes or the deadline passes. */
static void wait_until(double deadline)
{
	double left = deadline - clock_now();
	if (left < 0)
		left = 0;
	struct timespec ts = {
		.tv_sec = (time_t)left,
		.tv_nsec = (long)((left - (double)(time_t)left) * 1e9),
	};
	if (ppoll(NULL, 0, &ts, &wait_mask) < 0 && errno != EINTR)
		fail("could not wait:");
}

int proc_spawn(const struct proc_spec *s, pid_t *pid)
{
	char what[SPAWN_WHAT_MAX];

	if (spawn_start(&s->spawn, pid, what) < 0)
		return fail("could not start %s: %s:", s->name, what);
	return 0;
}

int proc_wait(pid_t pid, double timeout_s, bool stoppable, int *status)
{
	double deadline = clock_now() + timeout_s;

	for (;;) {
		pid_t w = waitpid(pid, status, WNOHANG);
		if (w == pid)
			return 1;
		if (w < 0 && errno != EINTR) {
			fail("could not wait for process %d:", (int)pid);
			*status = 255 << 8;
			return 1;
		}
		if (stoppable && stop_signal)
			return -1;
		if (clock_now() >= deadline)
			return 0;
		wait_until(deadline);
	}
}

int proc_wait_readable(int fd, double timeout_s)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	if (timeout_s < 0)
		timeout_s = 0;
	struct timespec ts = {
		.tv_sec = (time_t)timeout_s,
		.tv_nsec = (long)((timeout_s - (double)(time_t)timeout_s) * 1e9),
	};
	int n = ppoll(&pfd, 1, &ts, &wait_mask);

	if (stop_signal)
		return -1;
	if (n < 0 && errno != EINTR)
		warning("could not wait:");
	return n > 0;
}

void proc_end(pid_t pid, double grace_s)
{
	int status;

	if (kill(-pid, SIGTERM) < 0 && errno != ESRCH)
		warning("could not signal process group %d:", (int)pid);
	if (proc_wait(pid, grace_s, false, &status) == 0) {
		if (kill(-pid, SIGKILL) < 0 && errno != ESRCH)
			warning("could not kill process group %d:", (int)pid);
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
	}
	/* Whatever the leader left behind in its group goes too. */
	if (kill(-pid, SIGKILL) < 0 && errno != ESRCH)
		warning("could not kill process group %d:", (int)pid);
}

int proc_stopped_fail(const char *during)
{
	return fail("stopped by %s during %s",
		    strsignal(stop_signal ? stop_signal : SIGTERM), during);
}

int proc_sleep(double seconds)
{
	double deadline = clock_now() + seconds;

	while (!stop_signal && clock_now() < deadline)
		wait_until(deadline);
	return stop_signal ? -1 : 0;
}

int proc_check_stop(const char *during)
{
	sigset_t pending;
	bool any = false;

	if (!stop_signal && sigpending(&pending) == 0)
		for (size_t i = 0; i < N_STOP_SIGNALS; i++)
			any |= sigismember(&pending, stop_signals[i]) == 1;
	if (any)
		wait_until(clock_now());
	return stop_signal ? proc_stopped_fail(during) : 0;
}

int proc_status_fail(const struct proc_spec *spec, int status,
		     const char *last_line)
{
	char where[1200] = "";
	size_t used = 0;

	if (last_line && *last_line)
		used = (size_t)snprintf(where, sizeof(where), ": %s", last_line);
	if (spec->log_name && used < sizeof(where))
		snprintf(where + used, sizeof(where) - used, " (see %s)",
			 spec->log_name);
	if (WIFSIGNALED(status))
		return fail("%s was killed by signal %d (%s)%s", spec->name,
			    WTERMSIG(status), strsignal(WTERMSIG(status)), where);
	return fail("%s exited with status %d%s", spec->name,
		    WEXITSTATUS(status), where);
}

int proc_run(const struct proc_spec *spec, double timeout_s, int log_fd,
	     proc_line_fn fn, void *ctx)
{
	const struct spawn_wait w = {
		.deadline = clock_now() + timeout_s, .kill_grace = END_GRACE_S,
		.after_exit = -1, .mask = &wait_mask, .stop = &stop_signal,
		.enough = spec->enough,
		.line = fn, .tick = spec->tick, .tick_s = spec->tick_s,
		.ctx = ctx, .copy_fd = log_fd,
	};
	struct spawn_result r;

	if (spawn_run(&spec->spawn, &w, &r) < 0)
		return fail("could not start %s: %s:", spec->name, r.what);
	if (r.wait_errno) {
		errno = r.wait_errno;
		return fail("could not wait for %s:", spec->name);
	}
	if (r.read_errno) {
		errno = r.read_errno;
		return fail("could not read the output of %s:", spec->name);
	}
	if (r.lost)
		return lost(spec, &r, timeout_s);
	if (r.stopped)
		return proc_stopped_fail(spec->name);
	if (r.timed_out)
		return fail("%s timed out after %.0f s", spec->name, timeout_s);
	if (r.ended)
		return 1;
	if (r.copy_errno) {
		errno = r.copy_errno;
		return fail("could not write \"%s\":", spec->log_name);
	}
	if (!WIFEXITED(r.status) || WEXITSTATUS(r.status) != 0)
		return proc_status_fail(spec, r.status, r.last);
	return 0;
}

int proc_run_logged(const struct proc_spec *spec, double timeout_s,
		    const char *log_path, const char *header,
		    proc_line_fn fn, void *ctx)
{
	int log = open_log(log_path);
	int rc = 0;

	if (log < 0)
		return -1;
	if (header && (write_all(log, header, strlen(header)) < 0 ||
		       write_all(log, "\n", 1) < 0))
		rc = fail("could not write \"%s\":", log_path);
	if (rc == 0)
		rc = proc_run(spec, timeout_s, log, fn, ctx);
	if (fsync(log) < 0 && rc == 0)
		rc = fail("could not fsync \"%s\":", log_path);
	close(log);
	return rc;
}
