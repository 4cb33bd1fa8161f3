/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Unit tests: child processes with deadlines, the console's messages.
 *
 * As in tests/common/spawn.c, nothing here waits for a fixed time and then
 * looks, since a loaded host may run any process seconds late: a check of
 * when something happened asks that it came no earlier than it may, and
 * before what would otherwise have ended it (a child's own sleep, a
 * deadline), each far beyond LATE_S.  Where a child must be somewhere
 * first (past printing a line, ignoring SIGTERM, having an orphan that
 * ended), that is made an event the test waits on, not a head start.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/clock.h"
#include "init/children.h"
#include "init/console.h"
#include "init/files.h"
#include "init/phase.h"
#include "tap.h"

/* How late a loaded host may run what is due; a child that must not end
 * by itself sleeps 60 s, a deadline that must not pass is FAR_S away. */
#define LATE_S 20.0
#define FAR_S 40.0

struct lines {
	int n;
	char last[256];
	char all[4096];
};

static void collect(void *arg, const char *line)
{
	struct lines *l = arg;
	size_t used = strlen(l->all);

	l->n++;
	snprintf(l->last, sizeof l->last, "%s", line);
	snprintf(l->all + used, sizeof l->all - used, "%s|", line);
}

static int sh(const char *script, double timeout, struct lines *l, struct spawn_result *r)
{
	const char *argv[] = { "/bin/sh", "-c", script, NULL };

	memset(l, 0, sizeof *l);
	return children_run(argv, clock_now() + timeout, 1.0, collect, l, NULL, r);
}

struct watched {
	struct lines l;
	int ticks;
	volatile sig_atomic_t enough;
};

static void line_of_watched(void *arg, const char *line)
{
	collect(&((struct watched *)arg)->l, line);
}

/* A tick from the second on, once the child's line was read, ends the
 * child, as the boot program's watch for a lost I/O ends the suite
 * runner.  (Waiting for the line: a child that a loaded host starts late
 * has printed nothing by the second tick.) */
static double tick(void *arg)
{
	struct watched *w = arg;

	if (++w->ticks >= 2 && w->l.n > 0)
		w->enough = 1;
	return 0;
}

static void watched(void)
{
	const char *argv[] = { "/bin/sh", "-c", "echo on; exec sleep 60", NULL };
	struct watched w = { .ticks = 0 };
	const struct children_watch watch = { tick, 0.2, &w.enough };
	struct spawn_result r;
	double start = clock_now(), took;
	int rc = children_run(argv, start + FAR_S, 1.0, line_of_watched, &w, &watch, &r);

	took = clock_now() - start;
	ok(rc == 0 && r.ended && !r.timed_out && w.ticks >= 2 && WIFSIGNALED(r.status) &&
	   WTERMSIG(r.status) == SIGTERM, "a watch: ticks with the line's ctx, enough ends the "
	   "child with SIGTERM (%d ticks)", w.ticks);
	ok(took >= 0.4 && took < LATE_S && r.pid > 0, "... at a tick, the second or later, "
	   "not sooner (%.2f s), pid %d", took, (int)r.pid);
	is_str(w.l.all, "on|", "... its output read meanwhile");
}

static void children(void)
{
	struct spawn_result r;
	struct lines l;
	double start, took;
	int rc;

	ok(sh("echo one; echo two >&2; printf three", FAR_S, &l, &r) == 0 && !r.timed_out &&
	   WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0, "a child that succeeds");
	is_str(l.all, "one|two|three|", "stdout and stderr lines in order, last line without newline");
	ok(sh("read x; echo \"[$x]\"", FAR_S, &l, &r) == 0 && !strcmp(l.last, "[]"), "stdin is /dev/null");
	ok(sh("exit 3", FAR_S, &l, &r) == 0 && WIFEXITED(r.status) && WEXITSTATUS(r.status) == 3,
	   "exit status is passed on");

	start = clock_now();
	rc = sh("echo started; exec sleep 60", 0.5, &l, &r);
	took = clock_now() - start;
	ok(rc == 0 && r.timed_out && !r.lost && WIFSIGNALED(r.status) &&
	   WTERMSIG(r.status) == SIGTERM, "SIGTERM at the deadline");
	ok(took >= 0.5 && took < LATE_S, "... not before it, and long before the child's own "
	   "end (%.2f s)", took);

	/* The child ignores SIGTERM from its first instruction (an ignored
	 * signal stays ignored across fork and exec), not from whenever a
	 * loaded host lets its shell reach a trap. */
	start = clock_now();
	if (signal(SIGTERM, SIG_IGN) == SIG_ERR)
		ok(0, "ignore SIGTERM: %s", strerror(errno));
	rc = sh("echo stubborn; sleep 60 & wait; sleep 60", 0.3, &l, &r);
	if (signal(SIGTERM, SIG_DFL) == SIG_ERR)
		ok(0, "restore SIGTERM: %s", strerror(errno));
	took = clock_now() - start;
	ok(rc == 0 && r.timed_out && WIFSIGNALED(r.status) && WTERMSIG(r.status) == SIGKILL,
	   "SIGKILL after the grace period");
	ok(took >= 1.3 && took < LATE_S, "... 1 s after SIGTERM, not sooner (%.2f s)", took);

	start = clock_now();
	rc = sh("sleep 60 & echo parent exits", FAR_S, &l, &r);
	took = clock_now() - start;
	ok(rc == 0 && !r.timed_out && WIFEXITED(r.status) && took >= CHILDREN_AFTER_EXIT &&
	   took < LATE_S, "a child that leaves an orphan holding the pipe: its output is read "
	   "%.0f s after it exited, not until the orphan ends (%.2f s)", CHILDREN_AFTER_EXIT,
	   took);
	if (r.pid > 0 && kill(-r.pid, SIGKILL) < 0 && errno != ESRCH)
		ok(0, "kill the orphan's group %d: %s", (int)r.pid, strerror(errno));

	/* As PID 1 does, this process gets the orphans (a subreaper).  The
	 * child waits until its orphan is gone altogether: kill -0 finds a
	 * zombie too, so it ends only once this process reaped the orphan. */
	if (prctl(PR_SET_CHILD_SUBREAPER, 1) == 0) {
		pid_t left;

		rc = sh("p=$(sleep 0.2 >/dev/null 2>&1 & echo $!); "
			"while kill -0 $p 2>/dev/null; do sleep 0.05; done", FAR_S, &l, &r);
		left = waitpid(-1, NULL, WNOHANG);
		ok(rc == 0 && !r.timed_out && WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0 &&
		   left < 0 && errno == ECHILD,
		   "an orphan that ends while it waits is reaped (%d)", (int)left);
		prctl(PR_SET_CHILD_SUBREAPER, 0);
	} else {
		ok(0, "PR_SET_CHILD_SUBREAPER: %s", strerror(errno));
	}

	const char *missing[] = { "/nonexistent/program", NULL };
	errno = 0;
	ok(children_run(missing, clock_now() + FAR_S, 1, collect, &l, NULL, &r) == -1 &&
	   errno == ENOENT &&
	   !strcmp(r.what, "execute \"/nonexistent/program\""),
	   "a missing program is an error, with the step that failed");

	rc = sh("i=0; while [ $i -lt 2000 ]; do echo line $i; i=$((i+1)); done", FAR_S, &l, &r);
	ok(rc == 0 && l.n == 2000 && !strcmp(l.last, "line 1999"), "2000 lines, none lost (%d)", l.n);
	rc = sh("head -c 10000 /dev/zero | tr '\\0' x", FAR_S, &l, &r);
	ok(rc == 0 && l.n == 3, "a 10000-byte line comes as pieces of at most 4095 bytes (%d)", l.n);
}

static void messages(void)
{
	char path[] = "/tmp/bootbench-console.XXXXXX", *text;
	int fd = mkstemp(path);

	close(fd);
	console_use_fd(-1);
	phase_begin("devices");
	note("kept in memory %d", 1);
	ok(!failure(), "no failure yet");
	console_attach(path);
	errno = ENOENT;
	ok(fail("could not open \"%s\":", "/x") == -1, "fail() returns -1");
	is_str(failure(), "could not open \"/x\": No such file or directory", "a trailing ':' appends strerror(errno)");
	is_str(failure_phase(), "devices", "the phase of the first failure");
	errno = EIO;
	fail("second %s", "failure");
	is_str(failure(), "could not open \"/x\": No such file or directory", "the first failure stays the reason");
	warning("a warning");
	console_detach();
	text = read_text(path, 1 << 16, NULL);
	ok(text && strstr(text, "] bootbench: kept in memory 1\n") &&
	   strstr(text, "] bootbench: error: could not open \"/x\": No such file or directory\n") &&
	   strstr(text, "] bootbench: error: second failure\n") &&
	   strstr(text, "] bootbench: warning: a warning\n"), "console.log has every line");
	ok(text && text[0] == '[' && text[6] == '.' && text[10] == ']', "lines have a [%%5d.%%03d] stamp");
	free(text);
	unlink(path);
}

static void consoles(void)
{
	char two[] = "tty0                 -WU (E  p  )    4:1\n"
		     "ttyS0                -W- (EC p a)    4:64\n"
		     "netcon0              -W- (E     )  0:0\n"
		     "ttyS1                -W- (   p a)    4:65\n"
		     "hvc0                 --- (E  p a)  229:0\n";
	char one[] = "ttyS0                -W- (EC p a)    4:64\n";
	char *names[4];
	size_t n = console_others(two, names, 4);

	ok(n == 2 && !strcmp(names[0], "tty0") && !strcmp(names[1], "netcon0"),
	   "other consoles: enabled and writable, not the preferred one");
	ok(console_others(one, names, 4) == 0, "one console: no others");
}

int main(void)
{
	children();
	watched();
	messages();
	consoles();
	return tap_done();
}
