/* SPDX-License-Identifier: GPL-2.0-only */
/* Unit tests: a process's name and state from /proc/PID/stat
 * (common/procstat.h). */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "procstat.h"
#include "tap.h"

static void parses(const char *text, int pid, const char *name, char state)
{
	struct procstat p;

	memset(&p, 'x', sizeof p);
	ok(procstat_parse(text, &p) == 0 && p.pid == pid && strcmp(p.name, name) == 0 &&
	   p.state == state, "\"%.40s...\": pid %d, name \"%s\", state %c (got %d \"%.20s\" %c)",
	   text, pid, name, state, p.pid, p.name, p.state);
}

static void refused(const char *text, const char *why)
{
	struct procstat p;

	ok(procstat_parse(text, &p) == -1, "refused: %s", why);
}

int main(void)
{
	parses("231 (jbd2/vdb1-8) D 2 0 0 0 -1 2129984 0 0 0 0 0 12 0 0 20 0 1 0 343 0 0\n",
	       231, "jbd2/vdb1-8", 'D');
	parses("1 (init) S 0 1 1 0 -1 4194560 1\n", 1, "init", 'S');
	parses("612 (a (b) c) D 1 2\n", 612, "a (b) c", 'D');
	parses("77 (two words) R 1\n", 77, "two words", 'R');
	parses("78 () Z 1\n", 78, "", 'Z');
	parses("79 ()) I 1\n", 79, ")", 'I');
	refused("", "empty");
	refused("231 jbd2 D 2\n", "no parentheses");
	refused("231 (jbd2)D 2\n", "no blank after the name");
	refused("231 (jbd2) \n", "no state");
	refused("x (jbd2) D 2\n", "no pid");
	refused("0 (jbd2) D 2\n", "pid 0");
	refused("-4 (jbd2) D 2\n", "a negative pid");
	refused("99999999999 (jbd2) D 2\n", "a pid too large");
	refused("231  (jbd2) D 2\n", "two blanks before the name");

	ok(procstat_state(getpid()) == 'R', "this process is running: R");
	pid_t child = fork();
	if (child == 0) {
		pause();
		_exit(0);
	}
	usleep(100 * 1000);
	ok(procstat_state(child) == 'S', "a child in pause(): S (%c)", procstat_state(child));
	kill(child, SIGKILL);
	usleep(100 * 1000);
	ok(procstat_state(child) == 'Z', "killed, not yet reaped: Z (%c)", procstat_state(child));
	waitpid(child, NULL, 0);
	ok(procstat_state(child) == 0, "reaped: gone, 0");
	return tap_done();
}
