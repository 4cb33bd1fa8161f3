/* SPDX-License-Identifier: GPL-2.0-only */
/* spawn.c: run a child with a deadline, its output line by line; reap. */
#include "spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../common/clock.h"

#define OUT_LINE_MAX 4096
#define AFTER_EXIT_DRAIN 1.0	/* s to read output its orphans still write */
#define AFTER_KILL_WAIT 5.0

struct reader {
	int fd;
	char buf[OUT_LINE_MAX];
	size_t len;
	proc_line_fn *line;
	void *ctx;
};

static void emit(struct reader *rd)
{
	rd->buf[rd->len] = '\0';
	if (rd->line)
		rd->line(rd->ctx, rd->buf);
	rd->len = 0;
}

/* Read what is there; close the pipe at end of file. */
static void drain(struct reader *rd)
{
	char chunk[4096];
	ssize_t n = read(rd->fd, chunk, sizeof chunk);

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (n <= 0) {
		if (rd->len)
			emit(rd);
		close(rd->fd);
		rd->fd = -1;
		return;
	}
	for (ssize_t i = 0; i < n; i++) {
		if (chunk[i] == '\n') {
			emit(rd);
			continue;
		}
		rd->buf[rd->len++] = chunk[i];
		if (rd->len == sizeof rd->buf - 1)
			emit(rd);
	}
}

static void child(const char *const argv[], int out)
{
	sigset_t none;
	int null = open("/dev/null", O_RDONLY);

	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	setsid();
	if (null >= 0 && null != 0) {
		dup2(null, 0);
		close(null);
	}
	dup2(out, 1);
	dup2(out, 2);
	if (out > 2)
		close(out);
	execv(argv[0], (char *const *)argv);
	dprintf(2, "bootbench: error: exec %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

static int wait_ms(double until)
{
	double left = until - clock_now();

	if (left <= 0)
		return 0;
	return left > 0.2 ? 200 : (int)(left * 1000) + 1;
}

int proc_run(const char *const argv[], double deadline, double kill_grace,
	     proc_line_fn *line, void *ctx, struct proc_result *r)
{
	struct reader rd = { .line = line, .ctx = ctx };
	double exited_at = 0, kill_at = 0, give_up_at = 0;
	bool exited = false, termed = false, killed = false;
	int pipefd[2];
	pid_t pid;

	memset(r, 0, sizeof *r);
	if (access(argv[0], X_OK) < 0)
		return -1;
	if (pipe2(pipefd, O_CLOEXEC) < 0)
		return -1;
	pid = fork();
	if (pid < 0) {
		int err = errno;
		close(pipefd[0]);
		close(pipefd[1]);
		errno = err;
		return -1;
	}
	if (pid == 0)
		child(argv, pipefd[1]);
	close(pipefd[1]);
	rd.fd = pipefd[0];

	for (;;) {
		double now = clock_now(), until = now + 0.2;
		int status;
		pid_t w;

		while ((w = waitpid(-1, &status, WNOHANG)) > 0) {
			if (w == pid) {
				exited = true;
				exited_at = now;
				r->status = status;
			}
		}
		if (exited && (rd.fd < 0 || now - exited_at > AFTER_EXIT_DRAIN))
			break;
		if (!exited && !termed && now >= deadline) {
			r->timed_out = termed = true;
			kill(pid, SIGTERM);
			kill_at = now + kill_grace;
		}
		if (termed && !killed && now >= kill_at) {
			killed = true;
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			give_up_at = now + AFTER_KILL_WAIT;
		}
		if (killed && !exited && now >= give_up_at) {
			r->lost = true;
			break;
		}
		if (!termed && deadline < until)
			until = deadline;
		if (termed && !killed && kill_at < until)
			until = kill_at;
		if (rd.fd >= 0) {
			struct pollfd pfd = { .fd = rd.fd, .events = POLLIN };

			if (poll(&pfd, 1, wait_ms(until)) > 0)
				drain(&rd);
		} else {
			struct timespec ts = { 0, 20 * 1000 * 1000 };

			nanosleep(&ts, NULL);
		}
	}
	if (rd.fd >= 0) {
		if (rd.len)
			emit(&rd);
		close(rd.fd);
	}
	return 0;
}

const char *proc_status_str(int status, char *buf, unsigned size)
{
	if (WIFEXITED(status))
		snprintf(buf, size, "exit status %d", WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(buf, size, "killed by signal %d (%s)", WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
	else
		snprintf(buf, size, "wait status %#x", status);
	return buf;
}

void proc_reap(void)
{
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
}

/* Reap until no child is left or until; true if none is left. */
static bool reap_until(double until)
{
	for (;;) {
		pid_t w = waitpid(-1, NULL, WNOHANG);

		if (w < 0 && errno == ECHILD)
			return true;
		if (w > 0)
			continue;
		if (clock_now() >= until)
			return false;
		struct timespec ts = { 0, 20 * 1000 * 1000 };
		nanosleep(&ts, NULL);
	}
}

int proc_stop_all(double grace)
{
	int left = 0;

	if (kill(-1, SIGTERM) < 0 && errno == ESRCH)
		return 0;
	if (reap_until(clock_now() + grace))
		return 0;
	kill(-1, SIGKILL);
	if (!reap_until(clock_now() + AFTER_KILL_WAIT))
		left = 1;
	return left;
}
