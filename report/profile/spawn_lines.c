/* SPDX-License-Identifier: GPL-2.0-only */
/* spawn_lines.c: run a host program and read its output by lines (spawn_lines.h). */
#include "report/profile/spawn_lines.h"

#include "report/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The child: its descriptors, environment and program; never returns.
 * An exec that fails says why on stderr and exits 127. */
static void child(char *const argv[], char *const env[], int out, int err)
{
	int in = open("/dev/null", O_RDONLY);

	if (in < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0)
		_exit(126);
	for (size_t i = 0; env && env[i]; i++)
		if (putenv(env[i]) != 0)
			_exit(126);
	execvp(argv[0], argv);
	dprintf(2, "%s: %s\n", argv[0], errno == ENOENT ? "not found" : strerror(errno));
	_exit(127);
}

/* The last line of fd's file that is not empty, trimmed; "" if none. */
static char *last_line(int fd)
{
	FILE *f;
	char *line = NULL, *last = xstrdup("");
	size_t cap = 0;
	ssize_t n;

	if (lseek(fd, 0, SEEK_SET) < 0 || !(f = fdopen(dup(fd), "r")))
		return last;
	while ((n = getline(&line, &cap, f)) >= 0) {
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r' || line[n - 1] == ' '))
			line[--n] = '\0';
		if (n > 0) {
			free(last);
			last = xstrdup(line);
		}
	}
	free(line);
	fclose(f);
	return last;
}

int spawn_lines(char *const argv[], char *const env[], spawn_line_fn *line, void *ctx,
		char **error)
{
	int pipefd[2], status;
	FILE *errf = tmpfile(), *out;
	char *buf = NULL, *last;
	size_t cap = 0;
	ssize_t n;
	pid_t pid;

	*error = NULL;
	if (!errf || pipe2(pipefd, O_CLOEXEC) < 0) {
		*error = xasprintf("could not run %s: %s", argv[0], strerror(errno));
		if (errf)
			fclose(errf);
		return -1;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		*error = xasprintf("could not run %s: %s", argv[0], strerror(errno));
		close(pipefd[0]);
		close(pipefd[1]);
		fclose(errf);
		return -1;
	}
	if (pid == 0)
		child(argv, env, pipefd[1], fileno(errf));
	close(pipefd[1]);
	out = fdopen(pipefd[0], "r");
	if (!out) {
		close(pipefd[0]);
	} else {
		while ((n = getline(&buf, &cap, out)) >= 0) {
			if (n > 0 && buf[n - 1] == '\n')
				buf[--n] = '\0';
			line(ctx, buf, (size_t)n);
		}
		fclose(out);
	}
	free(buf);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			*error = xasprintf("could not wait for %s: %s", argv[0], strerror(errno));
			fclose(errf);
			return -1;
		}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		fclose(errf);
		return 0;
	}
	last = last_line(fileno(errf));
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
		*error = *last ? xstrdup(last) : xasprintf("%s: could not be run", argv[0]);
	else if (WIFEXITED(status))
		*error = xasprintf("%s exited with status %d%s%s", argv[0], WEXITSTATUS(status),
				   *last ? ": " : "", last);
	else
		*error = xasprintf("%s was killed by signal %d%s%s", argv[0], WTERMSIG(status),
				   *last ? ": " : "", last);
	free(last);
	fclose(errf);
	return -1;
}
