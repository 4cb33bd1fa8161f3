/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * replay.c: a fuzz target without libFuzzer, for make check.  Feeds every
 * file of tests/fuzz/regress/FUZZ_TARGET/ (the inputs that once crashed a
 * parser, and inputs that reach its error paths) to LLVMFuzzerTestOneInput,
 * each in a child process, and prints one TAP line per file: ok when the
 * child returned (no sanitizer report, no abort).
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tap.h"

#ifndef FUZZ_TARGET
#error "FUZZ_TARGET: the name of the target, as in tests/fuzz/regress/"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned char *slurp(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t cap = 0, n = 0;

	if (!f)
		return NULL;
	for (;;) {
		if (n == cap) {
			unsigned char *p = realloc(buf, cap = cap ? 2 * cap : 4096);
			if (!p)
				break;
			buf = p;
		}
		size_t got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	fclose(f);
	*size = n;
	return buf;
}

/* Run the target on the file in a child; its wait status, or -1. */
static int replay(const char *path)
{
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		size_t size = 0;
		unsigned char *data = slurp(path, &size);

		if (!data)
			_exit(2);
		/* the target sees exactly the bytes of the file */
		unsigned char *exact = malloc(size ? size : 1);
		if (!exact)
			_exit(2);
		memcpy(exact, data, size);
		free(data);
		LLVMFuzzerTestOneInput(exact, size);
		free(exact);
		exit(0);
	}
	return waitpid(pid, &status, 0) == pid ? status : -1;
}

static int not_hidden(const struct dirent *e)
{
	return e->d_name[0] != '.';
}

int main(void)
{
	const char *top = getenv("TOP");
	char dir[4096], path[8192];
	struct dirent **names;
	int n;

	snprintf(dir, sizeof dir, "%s/tests/fuzz/regress/%s", top ? top : ".", FUZZ_TARGET);
	n = scandir(dir, &names, not_hidden, alphasort);
	if (!ok(n > 0, "%s: inputs in %s", FUZZ_TARGET, dir))
		return tap_done();
	for (int i = 0; i < n; i++) {
		int status;

		snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
		status = replay(path);
		ok(status == 0, "%s: %s", FUZZ_TARGET, names[i]->d_name);
		if (status != 0)
			printf("#   wait status %d (signal %d, exit %d)\n", status,
			       status > 0 && WIFSIGNALED(status) ? WTERMSIG(status) : 0,
			       status > 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		free(names[i]);
	}
	free(names);
	return tap_done();
}
