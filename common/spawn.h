/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * spawn.h: start a child process, shared by the init and the suite runner.
 *
 * The child reads /dev/null, writes stdout and stderr to one descriptor,
 * runs in a process group (or a session) of its own, so that it and what
 * it starts can be signalled together, and starts with every signal
 * unblocked and SIGPIPE at its default; if asked, it moves into a cgroup
 * before it drops its privileges and executes (so that what it executes
 * and everything it starts are counted there from the first instruction).
 * Errors come back through errno with the step that failed, in the
 * callers' words.
 */
#ifndef BOOTBENCH_COMMON_SPAWN_H
#define BOOTBENCH_COMMON_SPAWN_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct spawn_spec {
	const char *const *argv;	/* argv[0] is an absolute path */
	const char *const *envp;	/* NULL: the caller's environment */
	const char *cwd;		/* NULL: "/" */
	bool drop_privileges;		/* run as uid/gid below */
	uid_t uid;
	gid_t gid;
	bool new_session;		/* setsid(); else a process group of its own */
	int out_fd;			/* the child's stdout and stderr */
	const char *cgroup;		/* a cgroup2 directory to move into, or NULL */
};

#define SPAWN_WHAT_MAX 200

/* Start a child.  Returns 0 with *pid, or -1 with errno set and the step
 * that failed in what (SPAWN_WHAT_MAX bytes): "fork",
 * "execute \"/usr/bin/x\"", ... */
int spawn_start(const struct spawn_spec *s, pid_t *pid, char *what);

/* "exit status 3", "killed by signal 9 (Killed)", ... */
const char *spawn_status_text(int status, char *buf, size_t size);

/* Block SIGCHLD and catch it: it then only wakes a wait that opens it.
 * *wait_mask gets the mask to wait with (the old one without SIGCHLD).
 * Returns 0, or -1 with errno set. */
int spawn_catch_sigchld(sigset_t *wait_mask);

#endif
