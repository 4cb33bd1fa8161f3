/* SPDX-License-Identifier: GPL-2.0-only */
/* Unit tests: child processes with a deadline (common/spawn.h, spawn_run.h). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "spawn_run.h"
#include "tap.h"

static sigset_t open_mask;
static volatile sig_atomic_t stop_flag;

struct lines {
	int n;
	char all[4096];
};

static void collect(void *ctx, const char *line)
{
	struct lines *l = ctx;
	size_t used = strlen(l->all);

	l->n++;
	snprintf(l->all + used, sizeof(l->all) - used, "%s|", line);
}

struct job {
	const char *script;
	double timeout, grace, after_exit;
	const char *const *envp;
	const char *cwd;
	int copy_fd;
	bool stoppable;
};

/* Run sh -c SCRIPT; took: how long it took. */
static int run(const struct job *j, struct lines *l, struct spawn_result *r, double *took)
{
	const char *argv[] = { "/bin/sh", "-c", j->script, NULL };
	const struct spawn_spec s = { .argv = argv, .envp = j->envp, .cwd = j->cwd };
	double start = clock_now();
	const struct spawn_wait w = {
		.deadline = start + j->timeout, .kill_grace = j->grace ? j->grace : 1,
		.after_exit = j->after_exit, .mask = &open_mask,
		.stop = j->stoppable ? &stop_flag : NULL,
		.line = collect, .ctx = l, .copy_fd = j->copy_fd ? j->copy_fd : -1,
	};
	int rc;

	memset(l, 0, sizeof(*l));
	rc = spawn_run(&s, &w, r);
	*took = clock_now() - start;
	return rc;
}

static bool exited(const struct spawn_result *r, int code)
{
	return WIFEXITED(r->status) && WEXITSTATUS(r->status) == code;
}

static void output(void)
{
	struct spawn_result r;
	struct lines l;
	double took;
	int rc;

	rc = run(&(struct job){ .script = "echo one; echo two >&2; printf 'three\\r\\nfour'", .timeout = 10 }, &l, &r, &took);
	ok(rc == 0 && exited(&r, 0) && !r.timed_out && !r.stopped && !r.lost, "a child that succeeds");
	is_str(l.all, "one|two|three|four|", "stdout and stderr lines in order; CRLF; last line without newline");
	is_str(r.last, "four", "the last line is kept");

	rc = run(&(struct job){ .script = "read x; echo \"[$x]\"", .timeout = 10 }, &l, &r, &took);
	is_str(l.all, "[]|", "stdin is /dev/null");

	rc = run(&(struct job){ .script = "echo \"$A $B\"; pwd", .timeout = 10, .envp = (const char *const[]){ "A=1", "B=2", NULL },
				.cwd = "/tmp" }, &l, &r, &took);
	is_str(l.all, "1 2|/tmp|", "the environment and the directory given");
	rc = run(&(struct job){ .script = "pwd", .timeout = 10 }, &l, &r, &took);
	is_str(l.all, "/|", "the directory is / by default");

	rc = run(&(struct job){ .script = "i=0; while [ $i -lt 3000 ]; do echo line $i; i=$((i+1)); done", .timeout = 20 },
		 &l, &r, &took);
	ok(rc == 0 && l.n == 3000 && !strcmp(r.last, "line 2999"), "3000 lines, none lost (%d)", l.n);

	char path[] = "/tmp/bootbench-spawn.XXXXXX", buf[64] = "";
	int fd = mkstemp(path);

	rc = run(&(struct job){ .script = "echo a; printf 'b\\rc'", .timeout = 10, .copy_fd = fd }, &l, &r, &took);
	ok(pread(fd, buf, sizeof(buf) - 1, 0) == 5 && !strcmp(buf, "a\nb\rc") && !r.copy_errno,
	   "the output is copied as is");
	close(fd);
	fd = open(path, O_RDONLY);
	rc = run(&(struct job){ .script = "echo a; echo b", .timeout = 10, .copy_fd = fd }, &l, &r, &took);
	ok(rc == 0 && r.copy_errno == EBADF && l.n == 2, "a failed copy is reported; the lines still come");
	close(fd);
	unlink(path);
}

static void status(void)
{
	struct spawn_result r;
	struct lines l;
	double took;
	char st[64];

	run(&(struct job){ .script = "echo 'it failed'; exit 3", .timeout = 10 }, &l, &r, &took);
	ok(exited(&r, 3), "exit status 3 is passed on");
	is_str(spawn_status_text(r.status, st, sizeof(st)), "exit status 3", "exit status as text");
	is_str(r.last, "it failed", "... with the last line");
	run(&(struct job){ .script = "kill -KILL $$", .timeout = 10 }, &l, &r, &took);
	is_str(spawn_status_text(r.status, st, sizeof(st)), "killed by signal 9 (Killed)", "a signal as text");
	is_str(spawn_status_text(0x137f, st, sizeof(st)), "wait status 0x137f", "a stopped child as text");
}

static void deadlines(void)
{
	struct spawn_result r;
	struct lines l;
	double took;
	int rc;

	rc = run(&(struct job){ .script = "echo started; exec sleep 30", .timeout = 0.5 }, &l, &r, &took);
	ok(rc == 0 && r.timed_out && !r.lost && WIFSIGNALED(r.status) &&
	   WTERMSIG(r.status) == SIGTERM && !strcmp(l.all, "started|"), "SIGTERM at the deadline");
	ok(took >= 0.5 && took < 1.5, "... promptly (%.2f s)", took);

	rc = run(&(struct job){ .script = "trap '' TERM; echo stubborn; sleep 30 & wait; sleep 30", .timeout = 0.3 }, &l, &r, &took);
	ok(rc == 0 && r.timed_out && WIFSIGNALED(r.status) && WTERMSIG(r.status) == SIGKILL,
	   "SIGKILL to the group after the grace");
	ok(took >= 1.3 && took < 2.5, "... 1 s after SIGTERM (%.2f s)", took);

	rc = run(&(struct job){ .script = "sleep 30 & echo parent exits", .timeout = 10, .after_exit = 0.5 }, &l, &r, &took);
	ok(rc == 0 && !r.timed_out && exited(&r, 0) && took >= 0.5 && took < 1.5,
	   "after_exit: what it left holding the pipe is waited for that long (%.2f s)", took);

	rc = run(&(struct job){ .script = "sleep 30 & echo parent exits", .timeout = 1, .after_exit = -1 }, &l, &r, &took);
	ok(rc == 0 && r.timed_out && exited(&r, 0) && took >= 1 && took < 2.5,
	   "after_exit < 0: read to the end of the output, up to the deadline (%.2f s)", took);
}

static void on_alarm(int sig)
{
	(void)sig;
	stop_flag = 1;
}

static void stopping(void)
{
	struct sigaction sa = { .sa_handler = on_alarm };
	struct spawn_result r;
	struct lines l;
	double took;
	int rc;

	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	alarm(1);
	rc = run(&(struct job){ .script = "exec sleep 30", .timeout = 10, .stoppable = true }, &l, &r, &took);
	ok(rc == 0 && r.stopped && !r.timed_out && WIFSIGNALED(r.status) &&
	   WTERMSIG(r.status) == SIGTERM && took < 2, "asked to stop: ended at once (%.2f s)", took);
	stop_flag = 0;
}

static void start_errors(void)
{
	const char *missing[] = { "/nonexistent/program", NULL };
	const struct spawn_spec s = { .argv = missing };
	const struct spawn_spec bad_dir = { .argv = (const char *[]){ "/bin/true", NULL },
					    .cwd = "/nonexistent" };
	const struct spawn_wait w = { .deadline = clock_now() + 5, .kill_grace = 1,
				      .mask = &open_mask, .copy_fd = -1 };
	struct spawn_result r;

	errno = 0;
	ok(spawn_run(&s, &w, &r) == -1 && errno == ENOENT, "a missing program: -1, ENOENT");
	is_str(r.what, "execute \"/nonexistent/program\"", "... the step that failed");
	errno = 0;
	ok(spawn_run(&bad_dir, &w, &r) == -1 && errno == ENOENT, "a missing directory: -1, ENOENT");
	is_str(r.what, "chdir \"/nonexistent\"", "... the step that failed");
}

/* The caller's tick: every tick_s while the child runs; it may end it. */
struct ticks {
	int n;
	double at[8];
	int end_at;                /* > 0: set enough on this tick */
	double move_by;            /* > 0: the first tick wants the next this much later */
	volatile sig_atomic_t enough;
};

static double count_tick(void *ctx)
{
	struct ticks *t = ctx;
	double now = clock_now();

	if (t->n < 8)
		t->at[t->n] = now;
	if (++t->n == t->end_at)
		t->enough = 1;
	return t->n == 1 && t->move_by > 0 ? now + t->move_by : 0;
}

static void ticking(void)
{
	const char *argv[] = { "/bin/sh", "-c", "sleep 2.5", NULL };
	const struct spawn_spec s = { .argv = argv };
	struct spawn_result r;
	struct ticks t = { .n = 0 };
	double start = clock_now();
	struct spawn_wait w = { .deadline = start + 20, .kill_grace = 1, .after_exit = -1,
				.mask = &open_mask, .tick = count_tick, .tick_s = 1,
				.ctx = &t, .copy_fd = -1, .enough = &t.enough };

	ok(spawn_run(&s, &w, &r) == 0 && exited(&r, 0) && !r.ended,
	   "a child that ticks runs to its end");
	ok(t.n == 2, "a tick each second of the 2.5 s it ran (%d)", t.n);
	ok(t.n >= 1 && t.at[0] - start >= 0.99 && t.at[0] - start < 1.5,
	   "the first tick comes after 1 s (%.2f s)", t.n ? t.at[0] - start : 0);
	t = (struct ticks){ .end_at = 1 };
	start = clock_now();
	ok(spawn_run(&s, &w, &r) == 0 && r.ended && !r.timed_out && t.n == 1 &&
	   clock_now() - start < 2.4, "a tick that sets enough ends the child");
	t = (struct ticks){ .move_by = 0.3 };
	int rc = spawn_run(&s, &w, &r);
	ok(rc == 0 && exited(&r, 0) && t.n == 3 &&
	   t.at[1] - t.at[0] > 0.29 && t.at[1] - t.at[0] < 0.6 &&
	   t.at[2] - t.at[1] > 0.99 && t.at[2] - t.at[1] < 1.3,
	   "a tick that names the next moves it, and the rest follow a tick apart "
	   "(%d ticks, %.2f s and %.2f s apart)", t.n, t.n > 1 ? t.at[1] - t.at[0] : 0,
	   t.n > 2 ? t.at[2] - t.at[1] : 0);
}

/* A child asked to move into a cgroup that is not there does not start. */
static void cgroups(void)
{
	const char *argv[] = { "/bin/true", NULL };
	const struct spawn_spec s = { .argv = argv, .cgroup = "/nonexistent/cgroup" };
	struct spawn_wait w = { .deadline = clock_now() + 20, .kill_grace = 1,
				.after_exit = -1, .mask = &open_mask, .copy_fd = -1 };
	struct spawn_result r;

	errno = 0;
	ok(spawn_run(&s, &w, &r) == -1 && errno == ENOENT, "a missing cgroup: -1, ENOENT");
	is_str(r.what, "move into cgroup \"/nonexistent/cgroup\"", "... the step that failed");
}

int main(void)
{
	if (spawn_catch_sigchld(&open_mask) < 0)
		return 1;
	output();
	status();
	deadlines();
	stopping();
	start_errors();
	ticking();
	cgroups();
	return tap_done();
}
