/* SPDX-License-Identifier: GPL-2.0-only */
/* spawn.c: start a child process (spawn.h). */
#include "common/spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

struct exec_error {
	int err;
	char what[SPAWN_WHAT_MAX];
};

/* In the child: tell the parent what failed, through the exec pipe. */
static _Noreturn void child_fail(int ep, const char *what)
{
	struct exec_error e = { .err = errno };

	snprintf(e.what, sizeof(e.what), "%s", what);
	(void)!write(ep, &e, sizeof(e));
	_exit(127);
}

/* In the child: move into the cgroup at dir (0 in cgroup.procs is the
 * writer itself).  0, or -1 with errno set. */
static int enter_cgroup(const char *dir)
{
	char path[PATH_MAX];
	int fd, err;

	if (snprintf(path, sizeof(path), "%s/cgroup.procs", dir) >= (int)sizeof(path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	err = write(fd, "0", 1) == 1 ? 0 : errno;
	close(fd);
	errno = err;
	return err ? -1 : 0;
}

static _Noreturn void child(const struct spawn_spec *s, int ep)
{
	char what[SPAWN_WHAT_MAX];
	sigset_t none;
	int null;

	if (signal(SIGPIPE, SIG_DFL) == SIG_ERR)
		child_fail(ep, "reset SIGPIPE");
	if (s->new_session ? setsid() < 0 : setpgid(0, 0) < 0)
		child_fail(ep, s->new_session ? "setsid" : "setpgid");
	null = open("/dev/null", O_RDONLY);
	if (null < 0)
		child_fail(ep, "open \"/dev/null\"");
	if (dup2(null, 0) < 0 || dup2(s->out_fd, 1) < 0 || dup2(s->out_fd, 2) < 0)
		child_fail(ep, "dup2");
	if (null > 2 && close(null) < 0)
		child_fail(ep, "close");
	if (chdir(s->cwd ? s->cwd : "/") < 0) {
		snprintf(what, sizeof(what), "chdir \"%s\"", s->cwd ? s->cwd : "/");
		child_fail(ep, what);
	}
	if (s->cgroup && enter_cgroup(s->cgroup) < 0) {
		snprintf(what, sizeof(what), "move into cgroup \"%s\"", s->cgroup);
		child_fail(ep, what);
	}
	if (s->drop_privileges) {
		snprintf(what, sizeof(what), "switch to uid %d gid %d",
			 (int)s->uid, (int)s->gid);
		if (setgroups(1, &s->gid) < 0 || setgid(s->gid) < 0 ||
		    setuid(s->uid) < 0)
			child_fail(ep, what);
	}
	sigemptyset(&none);
	if (sigprocmask(SIG_SETMASK, &none, NULL) < 0)
		child_fail(ep, "sigprocmask");
	execve(s->argv[0], (char *const *)s->argv,
	       s->envp ? (char *const *)s->envp : environ);
	snprintf(what, sizeof(what), "execute \"%s\"", s->argv[0]);
	child_fail(ep, what);
}

int spawn_start(const struct spawn_spec *s, pid_t *pid, char *what)
{
	struct exec_error e;
	int ep[2], err;
	ssize_t n;
	pid_t p;

	if (pipe2(ep, O_CLOEXEC) < 0) {
		snprintf(what, SPAWN_WHAT_MAX, "create a pipe");
		return -1;
	}
	p = fork();
	if (p < 0) {
		err = errno;
		close(ep[0]);
		close(ep[1]);
		snprintf(what, SPAWN_WHAT_MAX, "fork");
		errno = err;
		return -1;
	}
	if (p == 0)
		child(s, ep[1]);
	close(ep[1]);
	/* Also set here, so that a signal to the group cannot race the
	 * child (one making its own session must do it itself: setsid()
	 * fails in a process group leader).  Its result is not needed: the
	 * child's own setpgid() reports a failure. */
	if (!s->new_session)
		(void)setpgid(p, p);

	/* The exec pipe closes at exec; an error comes through it. */
	do
		n = read(ep[0], &e, sizeof(e));
	while (n < 0 && errno == EINTR);
	err = errno;
	close(ep[0]);
	if (n == 0) {
		*pid = p;
		return 0;
	}
	while (waitpid(p, NULL, 0) < 0 && errno == EINTR)
		;
	if (n < 0) {
		snprintf(what, SPAWN_WHAT_MAX, "read the exec pipe");
		errno = err;
		return -1;
	}
	e.what[sizeof(e.what) - 1] = '\0';
	snprintf(what, SPAWN_WHAT_MAX, "%s", e.what);
	errno = n == (ssize_t)sizeof(e) ? e.err : EIO;
	return -1;
}

const char *spawn_status_text(int status, char *buf, size_t size)
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

static void on_child(int sig)
{
	(void)sig;
}

int spawn_catch_sigchld(sigset_t *wait_mask)
{
	struct sigaction sa = { .sa_handler = on_child, .sa_flags = SA_NOCLDSTOP };
	sigset_t block;

	sigemptyset(&sa.sa_mask);
	sigemptyset(&block);
	sigaddset(&block, SIGCHLD);
	if (sigprocmask(SIG_BLOCK, &block, wait_mask) < 0)
		return -1;
	sigdelset(wait_mask, SIGCHLD);
	return sigaction(SIGCHLD, &sa, NULL);
}
