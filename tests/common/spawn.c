/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Unit tests: child processes with a deadline (common/spawn.h, spawn_run.h).
 *
 * A loaded host (QEMU boots beside the tests) may run any process seconds
 * late, so no check here waits for a fixed time and then looks.  A child
 * that must wait for the test waits on an event: a line the test writes
 * to a FIFO (struct gate), or the line it printed itself, which ends it.
 * Of when something happened, a check asks two things: that it came no
 * earlier than it may (the deadline, the grace, a tick's time: these
 * hold on any host), and that it came before whatever would otherwise
 * have ended it (the child's own sleep, a deadline), each far beyond
 * LATE_S.  That replaces "within half a second" of the earlier checks;
 * what they told apart, a signal at the deadline from none, still fails.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clock.h"
#include "spawn_run.h"
#include "tap.h"

/* How late a loaded host may run what is due; a child that must not end
 * by itself sleeps 60 s or more, a deadline that must not pass is as far. */
#define LATE_S 20.0
#define FAR_S 60.0

static sigset_t open_mask;
static volatile sig_atomic_t stop_flag;

struct lines {
	int n;
	char all[4096];
	const char *enough_at;		/* this line ends the child */
	volatile sig_atomic_t enough;
};

static void collect(void *ctx, const char *line)
{
	struct lines *l = ctx;
	size_t used = strlen(l->all);

	l->n++;
	snprintf(l->all + used, sizeof(l->all) - used, "%s|", line);
	if (l->enough_at && !strcmp(line, l->enough_at))
		l->enough = 1;
}

struct job {
	const char *script;
	double timeout, grace, after_exit;
	const char *const *envp;
	const char *cwd;
	int copy_fd;
	bool stoppable;
	const char *enough_at;		/* a line that ends it (r->ended) */
	bool ignore_term;		/* it starts with SIGTERM ignored */
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
		.stop = j->stoppable ? &stop_flag : NULL, .enough = &l->enough,
		.line = collect, .ctx = l, .copy_fd = j->copy_fd ? j->copy_fd : -1,
	};
	int rc;

	memset(l, 0, sizeof(*l));
	l->enough_at = j->enough_at;
	/* An ignored signal stays ignored across fork and exec: the child
	 * ignores SIGTERM from its first instruction, not from whenever a
	 * loaded host lets its shell reach a trap. */
	if (j->ignore_term && signal(SIGTERM, SIG_IGN) == SIG_ERR)
		return -1;
	rc = spawn_run(&s, &w, r);
	*took = clock_now() - start;
	if (j->ignore_term && signal(SIGTERM, SIG_DFL) == SIG_ERR)
		return -1;
	return rc;
}

/* End what a child left running in its group (its process group is its
 * pid), once the checks are made. */
static void end_group(const struct spawn_result *r)
{
	if (r->pid > 0 && kill(-r->pid, SIGKILL) < 0 && errno != ESRCH)
		ok(0, "kill the group of %d: %s", (int)r->pid, strerror(errno));
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

	rc = run(&(struct job){ .script = "echo one; echo two >&2; printf 'three\\r\\nfour'", .timeout = FAR_S }, &l, &r, &took);
	ok(rc == 0 && exited(&r, 0) && !r.timed_out && !r.stopped && !r.lost, "a child that succeeds");
	is_str(l.all, "one|two|three|four|", "stdout and stderr lines in order; CRLF; last line without newline");
	is_str(r.last, "four", "the last line is kept");

	rc = run(&(struct job){ .script = "read x; echo \"[$x]\"", .timeout = FAR_S }, &l, &r, &took);
	is_str(l.all, "[]|", "stdin is /dev/null");

	rc = run(&(struct job){ .script = "echo \"$A $B\"; pwd", .timeout = FAR_S, .envp = (const char *const[]){ "A=1", "B=2", NULL },
				.cwd = "/tmp" }, &l, &r, &took);
	is_str(l.all, "1 2|/tmp|", "the environment and the directory given");
	rc = run(&(struct job){ .script = "pwd", .timeout = FAR_S }, &l, &r, &took);
	is_str(l.all, "/|", "the directory is / by default");

	rc = run(&(struct job){ .script = "i=0; while [ $i -lt 3000 ]; do echo line $i; i=$((i+1)); done", .timeout = FAR_S },
		 &l, &r, &took);
	ok(rc == 0 && l.n == 3000 && !strcmp(r.last, "line 2999"), "3000 lines, none lost (%d)", l.n);

	char path[] = "/tmp/bootbench-spawn.XXXXXX", buf[64] = "";
	int fd = mkstemp(path);

	rc = run(&(struct job){ .script = "echo a; printf 'b\\rc'", .timeout = FAR_S, .copy_fd = fd }, &l, &r, &took);
	ok(pread(fd, buf, sizeof(buf) - 1, 0) == 5 && !strcmp(buf, "a\nb\rc") && !r.copy_errno,
	   "the output is copied as is");
	close(fd);
	fd = open(path, O_RDONLY);
	rc = run(&(struct job){ .script = "echo a; echo b", .timeout = FAR_S, .copy_fd = fd }, &l, &r, &took);
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

	run(&(struct job){ .script = "echo 'it failed'; exit 3", .timeout = FAR_S }, &l, &r, &took);
	ok(exited(&r, 3), "exit status 3 is passed on");
	is_str(spawn_status_text(r.status, st, sizeof(st)), "exit status 3", "exit status as text");
	is_str(r.last, "it failed", "... with the last line");
	run(&(struct job){ .script = "kill -KILL $$", .timeout = FAR_S }, &l, &r, &took);
	is_str(spawn_status_text(r.status, st, sizeof(st)), "killed by signal 9 (Killed)", "a signal as text");
	is_str(spawn_status_text(0x137f, st, sizeof(st)), "wait status 0x137f", "a stopped child as text");
}

static void deadlines(void)
{
	struct spawn_result r;
	struct lines l;
	double took;
	int rc;

	rc = run(&(struct job){ .script = "exec sleep 60", .timeout = 0.5 }, &l, &r, &took);
	ok(rc == 0 && r.timed_out && !r.lost && WIFSIGNALED(r.status) &&
	   WTERMSIG(r.status) == SIGTERM, "SIGTERM at the deadline");
	ok(took >= 0.5 && took < LATE_S, "... not before it, and long before the child's "
	   "own end (%.2f s)", took);

	/* What it printed before it was signalled is kept: here the line
	 * itself ends it (the same SIGTERM as at a deadline), so that the
	 * line is surely printed before the signal. */
	rc = run(&(struct job){ .script = "echo started; exec sleep 60", .timeout = FAR_S,
				.enough_at = "started" }, &l, &r, &took);
	ok(rc == 0 && r.ended && !r.timed_out && !r.lost && WIFSIGNALED(r.status) &&
	   WTERMSIG(r.status) == SIGTERM && !strcmp(l.all, "started|"),
	   "a child ended by SIGTERM: what it printed before is kept (%s)", l.all);

	rc = run(&(struct job){ .script = "echo stubborn; sleep 60 & wait; sleep 60", .timeout = 0.3,
				.ignore_term = true }, &l, &r, &took);
	ok(rc == 0 && r.timed_out && WIFSIGNALED(r.status) && WTERMSIG(r.status) == SIGKILL,
	   "SIGKILL to the group after the grace");
	ok(took >= 1.3 && took < LATE_S, "... 1 s after SIGTERM, not sooner (%.2f s)", took);

	rc = run(&(struct job){ .script = "sleep 60 & echo parent exits", .timeout = FAR_S,
				.after_exit = 0.5 }, &l, &r, &took);
	ok(rc == 0 && !r.timed_out && exited(&r, 0) && took >= 0.5 && took < LATE_S,
	   "after_exit: what it left holding the pipe is waited for that long, not until "
	   "it ends (%.2f s)", took);
	end_group(&r);

	rc = run(&(struct job){ .script = "sleep 60 & echo parent exits", .timeout = 1, .after_exit = -1 },
		 &l, &r, &took);
	ok(rc == 0 && r.timed_out && exited(&r, 0) && took >= 1 && took < LATE_S,
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
	rc = run(&(struct job){ .script = "exec sleep 60", .timeout = FAR_S, .stoppable = true },
		 &l, &r, &took);
	ok(rc == 0 && r.stopped && !r.timed_out && WIFSIGNALED(r.status) &&
	   WTERMSIG(r.status) == SIGTERM && took < LATE_S,
	   "asked to stop: ended then, not at the deadline (%.2f s)", took);
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

/*
 * A gate a child waits at: a FIFO it reads a line from ("read x <PATH"),
 * which the test holds open for writing from the start (so the child's
 * open never blocks) and writes the line to when it lets the child go.
 */
struct gate {
	char dir[64];
	char path[96];
	int fd;
};

static bool gate_make(struct gate *g)
{
	snprintf(g->dir, sizeof(g->dir), "/tmp/bootbench-spawn-gate.XXXXXX");
	g->fd = -1;
	if (!mkdtemp(g->dir))
		return ok(0, "mkdtemp %s: %s", g->dir, strerror(errno));
	snprintf(g->path, sizeof(g->path), "%s/gate", g->dir);
	if (mkfifo(g->path, 0600) < 0)
		return ok(0, "mkfifo %s: %s", g->path, strerror(errno));
	g->fd = open(g->path, O_RDWR | O_CLOEXEC);
	if (g->fd < 0)
		return ok(0, "open %s: %s", g->path, strerror(errno));
	return true;
}

static void gate_open(struct gate *g)
{
	if (write(g->fd, "go\n", 3) != 3)
		ok(0, "write %s: %s", g->path, strerror(errno));
}

static void gate_remove(struct gate *g)
{
	if (g->fd >= 0 && close(g->fd) < 0)
		ok(0, "close %s: %s", g->path, strerror(errno));
	if (unlink(g->path) < 0 || rmdir(g->dir) < 0)
		ok(0, "remove %s: %s", g->dir, strerror(errno));
}

/* The caller's tick: every tick_s while the child runs; it may end it or
 * let it go (open the gate it waits at), or name the next tick's time. */
struct ticks {
	int n;
	double at[8];
	int end_at;                /* > 0: set enough on this tick */
	int open_at;               /* > 0: open the gate on this tick */
	double move_by;            /* > 0: the first move_ticks ticks want the next
				      this much later */
	int move_ticks;
	struct gate *gate;
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
	if (t->n == t->open_at)
		gate_open(t->gate);
	return t->n <= t->move_ticks && t->move_by > 0 ? now + t->move_by : 0;
}

/* Whether no tick came early: tick k (from 0) at least `first` + k *
 * `apart` seconds after start (0.01 s: the clocks' rounding).  Ticks keep
 * to their schedule, tick_s apart from the start, so a late one is
 * followed by a shorter gap. */
static bool none_early(const struct ticks *t, double start, double first, double apart)
{
	for (int i = 0; i < t->n && i < 8; i++)
		if (t->at[i] - start < first + i * apart - 0.01)
			return false;
	return true;
}

/*
 * The child waits at a gate that a tick opens, so it runs exactly as long
 * as the ticks take to come, however late the host runs either: the
 * checks are that ticks keep coming (the child ends only at the one that
 * lets it), none comes early, and a tick that names the next moves it.
 */
static void ticking(void)
{
	struct gate g;
	char script[160];

	if (!gate_make(&g))
		return;
	snprintf(script, sizeof(script), "read x <%s", g.path);

	const char *argv[] = { "/bin/sh", "-c", script, NULL };
	const struct spawn_spec s = { .argv = argv };
	struct spawn_result r;
	struct ticks t = { .open_at = 2, .gate = &g };
	double start = clock_now();
	struct spawn_wait w = { .deadline = start + FAR_S, .kill_grace = 1, .after_exit = -1,
				.mask = &open_mask, .tick = count_tick, .tick_s = 0.5,
				.ctx = &t, .copy_fd = -1, .enough = &t.enough };

	int rc = spawn_run(&s, &w, &r);

	ok(rc == 0 && exited(&r, 0) && !r.ended && !r.timed_out && t.n >= 2,
	   "a child that ticks runs to its end: the second tick lets it go (%d ticks)", t.n);
	ok(t.n >= 2 && none_early(&t, start, 0.5, 0.5), "the first tick comes 0.5 s after the "
	   "start, the next 1 s after the start, not sooner (%.2f s, %.2f s)", t.n ? t.at[0] - start : 0,
	   t.n > 1 ? t.at[1] - start : 0);

	t = (struct ticks){ .end_at = 1 };
	start = clock_now();
	w.deadline = start + FAR_S;
	rc = spawn_run(&s, &w, &r);
	ok(rc == 0 && r.ended && !r.timed_out && t.n == 1 &&
	   WIFSIGNALED(r.status) && WTERMSIG(r.status) == SIGTERM,
	   "a tick that sets enough ends the child, with SIGTERM (%d ticks)", t.n);

	/* The first tick names the next 1.5 s away: it comes then, and the
	 * third 0.5 s after that time (not on the first one's schedule). */
	t = (struct ticks){ .move_by = 1.5, .move_ticks = 1, .open_at = 3, .gate = &g };
	start = clock_now();
	w.deadline = start + FAR_S;
	rc = spawn_run(&s, &w, &r);
	ok(rc == 0 && exited(&r, 0) && t.n >= 3 && none_early(&t, start, 0.5, 0) &&
	   t.at[1] - t.at[0] >= 1.49 && t.at[2] - t.at[0] >= 1.99,
	   "a tick that names a later next one moves it, and the rest follow a tick apart "
	   "(%d ticks, %.2f s and %.2f s after the first)", t.n, t.n > 1 ? t.at[1] - t.at[0] : 0,
	   t.n > 2 ? t.at[2] - t.at[0] : 0);

	/* Each tick names the next 0.1 s away, sooner than tick_s (2 s
	 * here): the fifth comes 0.4 s after the first, and surely before
	 * the 8 s that ticks 2 s apart would take. */
	t = (struct ticks){ .move_by = 0.1, .move_ticks = 8, .open_at = 5, .gate = &g };
	w.tick_s = 2;
	start = clock_now();
	w.deadline = start + FAR_S;
	rc = spawn_run(&s, &w, &r);
	ok(rc == 0 && exited(&r, 0) && t.n >= 5 && none_early(&t, start, 2, 0.1) &&
	   t.at[4] - t.at[0] < 6,
	   "a tick that names a sooner next one moves it (%d ticks, the fifth %.2f s after "
	   "the first)", t.n, t.n > 4 ? t.at[4] - t.at[0] : 0);
	gate_remove(&g);
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
