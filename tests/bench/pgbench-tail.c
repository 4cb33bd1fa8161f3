/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Following pgbench's log files as they grow: every whole line once, in
 * order, with its file's number; a line cut in two by a poll is given
 * whole; files that appear later are followed too; the part read is
 * punched out of the file where the filesystem can; a line too long and a
 * refused line are errors naming the file and line.
 */
#include "bench/workloads/pgbench/pgbench_tail.h"
#include "tap.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[] = "/tmp/pgbench-tail-test.XXXXXX";
static char got[1 << 16];

static int take(void *ctx, size_t file, const char *line, char *err, size_t len)
{
	size_t used = strlen(got);
	(void)ctx;
	if (strcmp(line, "refuse me") == 0) {
		snprintf(err, len, "refused");
		return -1;
	}
	snprintf(got + used, sizeof(got) - used, "%zu:%s|", file, line);
	return 0;
}

static void append(const char *name, const char *text)
{
	char path[128];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text) || close(fd) < 0) {
		printf("Bail out! cannot write %s\n", path);
		exit(1);
	}
}

static long long blocks(const char *name)
{
	char path[128];
	struct stat st;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return stat(path, &st) == 0 ? (long long)st.st_blocks * 512 : -1;
}

int main(void)
{
	struct pgbench_tail t;
	char err[512] = "";

	if (!mkdtemp(dir)) {
		printf("Bail out! mkdtemp failed\n");
		return 1;
	}
	pgbench_tail_init(&t, dir, "pgbench_log.", take, NULL);
	append("other", "not a log\n");
	append("pgbench_log.7", "a1\na2\na");
	ok(pgbench_tail_poll(&t, err, sizeof(err)) == 0, "first poll (%s)", err);
	is_str(got, "0:a1|0:a2|", "whole lines of the one file, the cut one kept back");
	append("pgbench_log.7", "3\n");
	append("pgbench_log.7.1", "b1\n");
	got[0] = '\0';
	ok(pgbench_tail_poll(&t, err, sizeof(err)) == 0, "second poll (%s)", err);
	is_str(got, "0:a3|1:b1|", "the cut line whole, then the new file's");

	/* 200 KiB more: read, then punched out */
	char line[101];
	memset(line, 'x', 99);
	line[99] = '\n';
	line[100] = '\0';
	for (int i = 0; i < 2048; i++)
		append("pgbench_log.7.1", line);
	got[0] = '\0';
	ok(pgbench_tail_poll(&t, err, sizeof(err)) == 0, "a poll of 200 KiB (%s)", err);
	is_int(t.lines, 2052, "2052 lines in all");
	ok(t.held_peak >= 200 * 1024, "the files held %lld bytes before they were punched",
	   t.held_peak);
	if (t.punch_failed)
		skip("the read part is freed", "this filesystem does not punch holes");
	else
		ok(blocks("pgbench_log.7.1") <= 8192, "the read part is freed: %lld bytes left",
		   blocks("pgbench_log.7.1"));

	append("pgbench_log.7", "last, no newline");
	got[0] = '\0';
	ok(pgbench_tail_end(&t, err, sizeof(err)) == 0, "the end (%s)", err);
	is_str(got, "0:last, no newline|", "a last line without its newline is taken");

	pgbench_tail_close(&t);

	pgbench_tail_init(&t, dir, "refuse", take, NULL);
	append("refuse", "fine\nrefuse me\n");
	ok(pgbench_tail_poll(&t, err, sizeof(err)) < 0, "a refused line fails the poll");
	char want[256];
	snprintf(want, sizeof(want), "%s/refuse:2: refused", dir);
	is_str(err, want, "naming the file and the line");
	pgbench_tail_close(&t);

	pgbench_tail_init(&t, dir, "other", take, NULL);
	char longline[700];
	memset(longline, 'y', sizeof(longline) - 2);
	longline[sizeof(longline) - 2] = '\n';
	longline[sizeof(longline) - 1] = '\0';
	append("other", longline);
	ok(pgbench_tail_poll(&t, err, sizeof(err)) < 0, "a line over %d bytes fails",
	   PGBENCH_TAIL_LINE_MAX);
	pgbench_tail_close(&t);

	const char *names[] = { "other", "pgbench_log.7", "pgbench_log.7.1", "refuse" };
	for (int i = 0; i < 4; i++) {
		char path[128];
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		unlink(path);
	}
	rmdir(dir);
	return tap_done();
}
