/* SPDX-License-Identifier: GPL-2.0-only */
/* proc.c: child processes, each with a deadline. */
#include "proc.h"
#include "clock.h"
#include "fsio.h"
#include "msg.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const int stop_signals[] = { SIGTERM, SIGINT, SIGHUP };
#define N_STOP_SIGNALS (sizeof(stop_signals) / sizeof(stop_signals[0]))

static sigset_t wait_mask;     /* while waiting: stop signals and SIGCHLD open */
static volatile sig_atomic_t stop_signal;

static void on_stop(int sig)
{
	if (!stop_signal)
		stop_signal = sig;
}

static void on_child(int sig)
{
	(void)sig;
}

int proc_init(void)
{
	sigset_t block;
	struct sigaction sa = { 0 };

	sigemptyset(&block);
	for (size_t i = 0; i < N_STOP_SIGNALS; i++)
		sigaddset(&block, stop_signals[i]);
	sigaddset(&block, SIGCHLD);
	if (sigprocmask(SIG_BLOCK, &block, &wait_mask) < 0)
		return fail("could not block signals:");
	for (size_t i = 0; i < N_STOP_SIGNALS; i++)
		sigdelset(&wait_mask, stop_signals[i]);
	sigdelset(&wait_mask, SIGCHLD);

	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_stop;
	for (size_t i = 0; i < N_STOP_SIGNALS; i++)
		if (sigaction(stop_signals[i], &sa, NULL) < 0)
			return fail("could not handle %s:", strsignal(stop_signals[i]));
	sa.sa_handler = on_child;
	sa.sa_flags = SA_NOCLDSTOP;
	if (sigaction(SIGCHLD, &sa, NULL) < 0)
		return fail("could not handle SIGCHLD:");
	/* A closed console must not kill the run: writes fail with EPIPE. */
	sa.sa_handler = SIG_IGN;
	sa.sa_flags = 0;
	if (sigaction(SIGPIPE, &sa, NULL) < 0)
		return fail("could not ignore SIGPIPE:");
	return 0;
}

int proc_stop_signal(void)
{
	return stop_signal;
}

/* Sleep until fds are ready, a signal comes or the deadline passes. */
static int wait_until(struct pollfd *fds, nfds_t n, double deadline)
{
	double left = deadline - clock_now();
	if (left < 0)
		left = 0;
	struct timespec ts = {
		.tv_sec = (time_t)left,
		.tv_nsec = (long)((left - (double)(time_t)left) * 1e9),
	};
	int r = ppoll(fds, n, &ts, &wait_mask);
	if (r < 0 && errno != EINTR)
		return fail("ppoll failed:");
	return r < 0 ? 0 : r;
}

struct exec_error {
	int err;
	char what[200];
};

static void child_fail(int ep, const char *what)
{
	struct exec_error e = { .err = errno };
	snprintf(e.what, sizeof(e.what), "%s", what);
	(void)!write(ep, &e, sizeof(e));
	_exit(127);
}

static void child(const struct proc_spec *s, int ep)
{
	sigset_t none;
	char what[200];

	sigemptyset(&none);
	if (signal(SIGPIPE, SIG_DFL) == SIG_ERR)
		child_fail(ep, "reset SIGPIPE");
	if (s->new_session ? setsid() < 0 : setpgid(0, 0) < 0)
		child_fail(ep, s->new_session ? "setsid" : "setpgid");
	int null = open("/dev/null", O_RDONLY);
	if (null < 0)
		child_fail(ep, "open \"/dev/null\"");
	if (dup2(null, 0) < 0 || dup2(s->out_fd, 1) < 0 || dup2(s->out_fd, 2) < 0)
		child_fail(ep, "dup2");
	if (chdir(s->cwd ? s->cwd : "/") < 0) {
		snprintf(what, sizeof(what), "chdir \"%s\"", s->cwd ? s->cwd : "/");
		child_fail(ep, what);
	}
	if (s->drop_privileges) {
		snprintf(what, sizeof(what), "switch to uid %d gid %d",
			 (int)s->uid, (int)s->gid);
		if (setgroups(1, &s->gid) < 0 || setgid(s->gid) < 0 ||
		    setuid(s->uid) < 0)
			child_fail(ep, what);
	}
	if (sigprocmask(SIG_SETMASK, &none, NULL) < 0)
		child_fail(ep, "sigprocmask");
	execve(s->argv[0], (char *const *)s->argv, (char *const *)s->envp);
	snprintf(what, sizeof(what), "execute \"%s\"", s->argv[0]);
	child_fail(ep, what);
}

int proc_spawn(const struct proc_spec *s, pid_t *pid)
{
	int ep[2];

	if (pipe2(ep, O_CLOEXEC) < 0)
		return fail("could not create a pipe for %s:", s->name);
	pid_t p = fork();
	if (p < 0) {
		close(ep[0]);
		close(ep[1]);
		return fail("could not fork for %s:", s->name);
	}
	if (p == 0)
		child(s, ep[1]);
	close(ep[1]);
	/* Also set here, so a signal to the group cannot race the child (a
	 * child making its own session must do it itself: setsid() fails in
	 * a process group leader). */
	if (!s->new_session && setpgid(p, p) < 0 && errno != EACCES && errno != ESRCH)
		warn("could not set the process group of %s:", s->name);

	struct exec_error e;
	ssize_t n;
	do
		n = read(ep[0], &e, sizeof(e));
	while (n < 0 && errno == EINTR);
	int read_errno = errno;
	close(ep[0]);
	if (n != 0) {
		int status;
		while (waitpid(p, &status, 0) < 0 && errno == EINTR)
			;
		if (n < 0) {
			errno = read_errno;
			return fail("could not start %s:", s->name);
		}
		errno = e.err;
		e.what[sizeof(e.what) - 1] = '\0';
		return fail("could not start %s: %s:", s->name, e.what);
	}
	*pid = p;
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
		wait_until(NULL, 0, deadline);
	}
}

void proc_end(pid_t pid, double grace_s)
{
	int status;

	if (kill(-pid, SIGTERM) < 0 && errno != ESRCH)
		warn("could not signal process group %d:", (int)pid);
	if (proc_wait(pid, grace_s, false, &status) == 0) {
		if (kill(-pid, SIGKILL) < 0 && errno != ESRCH)
			warn("could not kill process group %d:", (int)pid);
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
	}
	/* Whatever the leader left behind in its group goes too. */
	if (kill(-pid, SIGKILL) < 0 && errno != ESRCH)
		warn("could not kill process group %d:", (int)pid);
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
		wait_until(NULL, 0, deadline);
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
		wait_until(NULL, 0, clock_now());
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

/*
 * Output split into lines for the caller (over-long lines are cut); the
 * last line is kept: it usually says why a tool failed.
 */
#define LINE_MAX_LEN 1024

struct linebuf {
	char buf[LINE_MAX_LEN];
	size_t len;
	char last[LINE_MAX_LEN];
};

static void line_feed(struct linebuf *lb, const char *data, size_t n,
		      proc_line_fn fn, void *ctx)
{
	for (size_t i = 0; i < n; i++) {
		char c = data[i];
		if (c == '\n' || c == '\r' || lb->len == sizeof(lb->buf) - 1) {
			lb->buf[lb->len] = '\0';
			if (lb->len > 0) {
				memcpy(lb->last, lb->buf, lb->len + 1);
				if (fn)
					fn(ctx, lb->buf);
			}
			lb->len = 0;
			if (c == '\n' || c == '\r')
				continue;
		}
		lb->buf[lb->len++] = c;
	}
}

int proc_run(const struct proc_spec *spec, double timeout_s, int log_fd,
	     proc_line_fn fn, void *ctx)
{
	int pp[2];

	if (pipe2(pp, O_CLOEXEC) < 0)
		return fail("could not create a pipe for %s:", spec->name);
	struct proc_spec s = *spec;
	s.out_fd = pp[1];
	pid_t pid;
	int rc = proc_spawn(&s, &pid);
	close(pp[1]);
	if (rc < 0) {
		close(pp[0]);
		return -1;
	}

	double deadline = clock_now() + timeout_s;
	struct linebuf lb = { .len = 0, .last = "" };
	int log_errno = 0, status = 0;
	bool exited = false, eof = false;

	for (;;) {
		if (!exited) {
			pid_t w = waitpid(pid, &status, WNOHANG);
			if (w == pid)
				exited = true;
			else if (w < 0 && errno != EINTR) {
				close(pp[0]);
				return fail("could not wait for %s:", spec->name);
			}
		}
		if (exited && eof)
			break;
		if (stop_signal || clock_now() >= deadline) {
			if (!exited)
				proc_end(pid, 2);
			else if (kill(-pid, SIGKILL) < 0 && errno != ESRCH)
				warn("could not kill process group %d:", (int)pid);
			close(pp[0]);
			if (stop_signal)
				return proc_stopped_fail(spec->name);
			return fail("%s timed out after %.0f s", spec->name,
				    timeout_s);
		}

		struct pollfd pfd = { .fd = pp[0], .events = POLLIN };
		if (wait_until(&pfd, eof ? 0 : 1, deadline) <= 0 || eof)
			continue;
		char buf[4096];
		ssize_t n = read(pp[0], buf, sizeof(buf));
		if (n < 0) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			int err = errno;
			proc_end(pid, 2);
			close(pp[0]);
			errno = err;
			return fail("could not read the output of %s:", spec->name);
		}
		if (n == 0) {
			eof = true;
			continue;
		}
		if (log_fd >= 0 && !log_errno && write_all(log_fd, buf, (size_t)n) < 0)
			log_errno = errno;
		line_feed(&lb, buf, (size_t)n, fn, ctx);
	}
	line_feed(&lb, "\n", 1, fn, ctx);
	close(pp[0]);
	if (log_errno) {
		errno = log_errno;
		return fail("could not write \"%s\":", spec->log_name);
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return proc_status_fail(spec, status, lb.last);
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
