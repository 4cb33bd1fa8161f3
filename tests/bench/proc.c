/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Child processes: output, exit status, exec errors, deadlines, stop
 * signals.
 *
 * A loaded host may run any process seconds late, so no check waits for a
 * fixed time and then looks: a check of when something happened asks that
 * it came no earlier than it may and before what would otherwise have
 * ended it (the child's own sleep, the deadline), far beyond LATE_S; the
 * end of a process is an event waited for (a pidfd), within LATE_S.
 */
#include "bench/os/proc.h"
#include "bench/msg.h"
#include "tap.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/pidfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* How late a loaded host may run what is due; a child that must not end
 * by itself sleeps 60 s or more, a deadline that must not pass is FAR_S
 * away. */
#define LATE_S 20.0
#define FAR_S 60.0

static const char *const env[] = { "PATH=/bin:/usr/bin", "LC_ALL=C", NULL };

struct lines {
	int n;
	char first[256];
	char last[256];
	volatile sig_atomic_t enough;	/* set at each line: ends the child if asked */
};

static void collect(void *ctx, const char *line)
{
	struct lines *l = ctx;

	if (l->n++ == 0)
		snprintf(l->first, sizeof(l->first), "%s", line);
	snprintf(l->last, sizeof(l->last), "%s", line);
	l->enough = 1;
}

/* Run sh -c SCRIPT with a deadline; rc, lines and fail reason out.  With
 * first_line_ends, its first line ends it (proc_spec.enough). */
static int sh_ended(const char *script, double timeout_s, struct lines *l, int log_fd,
		    bool first_line_ends)
{
	const char *argv[] = { "/bin/sh", "-c", script, NULL };
	struct proc_spec spec = {
		.name = "sh", .spawn.argv = argv, .spawn.envp = env, .spawn.out_fd = -1,
		.log_name = "logs/sh.txt", .enough = first_line_ends ? &l->enough : NULL,
	};

	*l = (struct lines){ .n = 0 };
	return proc_run(&spec, timeout_s, log_fd, collect, l);
}

static int sh(const char *script, double timeout_s, struct lines *l, int log_fd)
{
	return sh_ended(script, timeout_s, l, log_fd, false);
}

/*
 * fail() keeps the first reason of a process, so each case that fails runs
 * in a child of its own and sends back its return value and reason.
 */
struct outcome {
	int rc;
	double seconds;
	struct lines lines;
	char log[128];
	char reason[512];
};

static void in_child(struct outcome *o, void (*fn)(struct outcome *))
{
	int p[2];

	memset(o, 0, sizeof(*o));
	if (pipe(p) < 0)
		abort();
	pid_t pid = fork();
	if (pid == 0) {
		close(p[0]);
		if (proc_init() < 0)
			_exit(1);
		struct timespec t0, t1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		fn(o);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		o->seconds = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
		snprintf(o->reason, sizeof(o->reason), "%s",
			 fail_reason() ? fail_reason() : "");
		(void)!write(p[1], o, sizeof(*o));
		_exit(0);
	}
	close(p[1]);
	if (read(p[0], o, sizeof(*o)) != (ssize_t)sizeof(*o))
		o->rc = 99;
	close(p[0]);
	waitpid(pid, NULL, 0);
}

static void case_output(struct outcome *o)
{
	char path[] = "/tmp/bench-proc-XXXXXX";
	int fd = mkstemp(path);
	o->rc = sh("echo one; echo two >&2; printf 'three\\rfour'", FAR_S, &o->lines, fd);
	char buf[64] = "";
	(void)!pread(fd, buf, sizeof(buf) - 1, 0);
	close(fd);
	unlink(path);
	snprintf(o->log, sizeof(o->log), "%s", buf);
}

static void case_status(struct outcome *o)
{
	o->rc = sh("echo 'sh: error: it went wrong'; exit 3", FAR_S, &o->lines, -1);
}

static void case_signal(struct outcome *o)
{
	o->rc = sh("kill -KILL $$", FAR_S, &o->lines, -1);
}

static void case_exec(struct outcome *o)
{
	const char *argv[] = { "/nonexistent/initdb", NULL };
	struct proc_spec spec = { .name = "initdb", .spawn.argv = argv, .spawn.envp = env };
	o->rc = proc_run(&spec, FAR_S, -1, NULL, NULL);
}

static void case_timeout(struct outcome *o)
{
	o->rc = sh("exec sleep 60", 1, &o->lines, -1);
}

/* A background child holds the pipe too: the whole group must go when
 * the child is ended.  Its pid is the first line, which ends the child
 * (the same SIGTERM to the group as at a deadline): a deadline could
 * come before a loaded host let the shell print it. */
static void case_group(struct outcome *o)
{
	o->rc = sh_ended("sleep 300 & echo $!; exec sleep 301", FAR_S, &o->lines, -1, true);
}

static void case_stop(struct outcome *o)
{
	o->rc = sh("kill -TERM $PPID; sleep 60", FAR_S, &o->lines, -1);
}

/* A stop signal while nothing waits stays pending until checked. */
static void case_check_stop(struct outcome *o)
{
	o->rc = proc_check_stop("a loop");
	if (o->rc == 0 && kill(getpid(), SIGTERM) == 0)
		o->rc = proc_check_stop("a loop") == -1 ? -1 : 1;
	else
		o->rc = 2;
}

static void case_user(struct outcome *o)
{
	const char *argv[] = { "/bin/sh", "-c", "id -u; id -g; id -G", NULL };
	struct proc_spec spec = {
		.name = "id", .spawn.argv = argv, .spawn.envp = env,
		.spawn.drop_privileges = true, .spawn.uid = 70, .spawn.gid = 70,
	};
	o->rc = proc_run(&spec, FAR_S, -1, collect, &o->lines);
}

/* Whether pid ends (or has ended: gone, or a zombie left to whoever reaps
 * orphans) within LATE_S.  A process killed with SIGKILL exits when it
 * next runs, which on a loaded host can be a while after the kill; the
 * sleep it would otherwise finish lasts 300 s.  Its pidfd becomes
 * readable when it exits, child of ours or not. */
static bool gone(pid_t pid)
{
	int fd = pidfd_open(pid, 0);

	if (fd < 0)
		return errno == ESRCH;
	struct pollfd p = { .fd = fd, .events = POLLIN };
	int n;

	do
		n = poll(&p, 1, (int)(LATE_S * 1000));
	while (n < 0 && errno == EINTR);
	if (n < 0)
		printf("# poll the pidfd of %d: %s\n", (int)pid, strerror(errno));
	close(fd);
	return n > 0;
}

int main(void)
{
	struct outcome o;

	in_child(&o, case_output);
	is_int(o.rc, 0, "exit status 0 is success");
	is_int(o.lines.n, 4, "stdout and stderr lines; \\r ends a line");
	is_str(o.lines.first, "one", "first line");
	is_str(o.lines.last, "four", "a last line without newline is kept");
	is_str(o.log, "one\ntwo\nthree\rfour", "the log has the output as is");

	in_child(&o, case_status);
	is_int(o.rc, -1, "exit status 3 fails");
	is_str(o.reason, "sh exited with status 3: sh: error: it went wrong (see logs/sh.txt)",
	       "reason: status, last line, log");

	in_child(&o, case_signal);
	is_int(o.rc, -1, "killed by a signal fails");
	is_str(o.reason, "sh was killed by signal 9 (Killed) (see logs/sh.txt)",
	       "reason names the signal");

	in_child(&o, case_exec);
	is_int(o.rc, -1, "missing program fails");
	is_str(o.reason, "could not start initdb: execute \"/nonexistent/initdb\": "
	       "No such file or directory", "reason names the program and the error");

	in_child(&o, case_timeout);
	is_int(o.rc, -1, "deadline passed");
	is_str(o.reason, "sh timed out after 1 s", "reason names what timed out");
	ok(o.seconds >= 1 && o.seconds < LATE_S, "ended at the deadline, not before it and "
	   "long before the child's own end (%.2f s)", o.seconds);

	in_child(&o, case_group);
	is_int(o.rc, 1, "a child ended by the runner (enough)");
	ok(o.lines.n == 1 && gone((pid_t)atoi(o.lines.first)),
	   "the background child of the group is gone too");

	in_child(&o, case_stop);
	is_int(o.rc, -1, "SIGTERM stops the wait");
	is_str(o.reason, "stopped by Terminated during sh", "reason names the signal");
	ok(o.seconds < LATE_S, "stopped then, not at the child's end or the deadline (%.2f s)",
	   o.seconds);

	in_child(&o, case_check_stop);
	is_int(o.rc, -1, "a pending SIGTERM is taken by proc_check_stop");
	is_str(o.reason, "stopped by Terminated during a loop", "reason names the signal");

	if (geteuid() == 0) {
		in_child(&o, case_user);
		is_int(o.rc, 0, "runs as another user");
		is_str(o.lines.first, "70", "uid 70");
		is_str(o.lines.last, "70", "only group 70");
	} else {
		printf("# not root: switching users not tested\n");
	}
	return tap_done();
}
