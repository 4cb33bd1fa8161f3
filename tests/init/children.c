/* SPDX-License-Identifier: GPL-2.0-only */
/* Unit tests: child processes with deadlines, the console's messages. */
#include <errno.h>
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
	return proc_run(argv, clock_now() + timeout, 1.0, collect, l, NULL, r);
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

/* The second tick ends the child, as the boot program's watch for a lost
 * I/O ends the suite runner. */
static double tick(void *arg)
{
	struct watched *w = arg;

	if (++w->ticks == 2)
		w->enough = 1;
	return 0;
}

static void watched(void)
{
	const char *argv[] = { "/bin/sh", "-c", "echo on; exec sleep 30", NULL };
	struct watched w = { .ticks = 0 };
	const struct proc_watch watch = { tick, 0.2, &w.enough };
	struct spawn_result r;
	double start = clock_now(), took;
	int rc = proc_run(argv, clock_now() + 20, 1.0, line_of_watched, &w, &watch, &r);

	took = clock_now() - start;
	ok(rc == 0 && r.ended && !r.timed_out && w.ticks == 2 && WIFSIGNALED(r.status) &&
	   WTERMSIG(r.status) == SIGTERM, "a watch: ticks with the line's ctx, enough ends the "
	   "child with SIGTERM (%d ticks)", w.ticks);
	ok(took >= 0.4 && took < 1.5 && r.pid > 0, "... at the second tick (%.2f s), pid %d",
	   took, (int)r.pid);
	is_str(w.l.all, "on|", "... its output read meanwhile");
}

static void children(void)
{
	struct spawn_result r;
	struct lines l;
	double start, took;
	int rc;

	ok(sh("echo one; echo two >&2; printf three", 10, &l, &r) == 0 && !r.timed_out &&
	   WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0, "a child that succeeds");
	is_str(l.all, "one|two|three|", "stdout and stderr lines in order, last line without newline");
	ok(sh("read x; echo \"[$x]\"", 10, &l, &r) == 0 && !strcmp(l.last, "[]"), "stdin is /dev/null");
	ok(sh("exit 3", 10, &l, &r) == 0 && WIFEXITED(r.status) && WEXITSTATUS(r.status) == 3,
	   "exit status is passed on");

	start = clock_now();
	rc = sh("echo started; exec sleep 30", 0.5, &l, &r);
	took = clock_now() - start;
	ok(rc == 0 && r.timed_out && !r.lost && WIFSIGNALED(r.status) &&
	   WTERMSIG(r.status) == SIGTERM, "SIGTERM at the deadline");
	ok(took >= 0.5 && took < 1.5, "... promptly (%.2f s)", took);

	start = clock_now();
	rc = sh("trap '' TERM; echo stubborn; sleep 30 & wait; sleep 30", 0.3, &l, &r);
	took = clock_now() - start;
	ok(rc == 0 && r.timed_out && WIFSIGNALED(r.status) && WTERMSIG(r.status) == SIGKILL,
	   "SIGKILL after the grace period");
	ok(took >= 1.3 && took < 2.5, "... 1 s after SIGTERM (%.2f s)", took);

	start = clock_now();
	rc = sh("sleep 30 & echo parent exits", 10, &l, &r);
	took = clock_now() - start;
	ok(rc == 0 && !r.timed_out && WIFEXITED(r.status) && took < 3,
	   "a child that leaves an orphan holding the pipe is not waited for long (%.2f s)", took);

	/* As PID 1 does, this process gets the orphans (a subreaper). */
	if (prctl(PR_SET_CHILD_SUBREAPER, 1) == 0) {
		pid_t left;

		rc = sh("(sleep 0.2 >/dev/null 2>&1 &); sleep 0.8", 10, &l, &r);
		left = waitpid(-1, NULL, WNOHANG);
		ok(rc == 0 && left < 0 && errno == ECHILD,
		   "an orphan that ends while it waits is reaped (%d)", (int)left);
		prctl(PR_SET_CHILD_SUBREAPER, 0);
	} else {
		ok(0, "PR_SET_CHILD_SUBREAPER: %s", strerror(errno));
	}

	const char *missing[] = { "/nonexistent/program", NULL };
	errno = 0;
	ok(proc_run(missing, clock_now() + 1, 1, collect, &l, NULL, &r) == -1 && errno == ENOENT &&
	   !strcmp(r.what, "execute \"/nonexistent/program\""),
	   "a missing program is an error, with the step that failed");

	rc = sh("i=0; while [ $i -lt 2000 ]; do echo line $i; i=$((i+1)); done", 20, &l, &r);
	ok(rc == 0 && l.n == 2000 && !strcmp(l.last, "line 1999"), "2000 lines, none lost (%d)", l.n);
	rc = sh("head -c 10000 /dev/zero | tr '\\0' x", 10, &l, &r);
	ok(rc == 0 && l.n == 3, "a 10000-byte line comes as pieces of at most 4095 bytes (%d)", l.n);
}

static void messages(void)
{
	char path[] = "/tmp/bootbench-console.XXXXXX", *text;
	int fd = mkstemp(path);

	close(fd);
	console_use_fd(-1);
	phase_begin("devices");
	say("kept in memory %d", 1);
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
