/* SPDX-License-Identifier: GPL-2.0-only */
/* console_results.c: the run directory on the console (console_results.h). */
#include "init/results/console_results.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/json.h"
#include "init/boot.h"
#include "init/children.h"
#include "init/console.h"

#define TAR_PROGRAM	"/bin/tar"
#define SHA256_PROGRAM	"/usr/bin/sha256sum"
#define BASE64_PROGRAM	"/bin/base64"
#define ARCHIVE_PATH	"/tmp/bootbench-run.tar.gz"
#define ARCHIVE_TIMEOUT	120	/* seconds to make it, or to hash it */
#define PRINT_TIMEOUT	1800	/* seconds to print it: 10 MiB at 115200 baud */

/* Run argv; each output line to line(ctx).  0, or -1 after a warning. */
static int run(const char *const argv[], int timeout, linesplit_fn *line, void *ctx)
{
	char why[CHILDREN_WHY_MAX];

	if (children_run_checked(argv, argv[0], timeout, line, ctx, why, sizeof why) == 0)
		return 0;
	warning("console results: %s", why);
	return -1;
}

static void keep_hash(void *ctx, const char *line)
{
	char *hash = ctx;

	if (!hash[0] && strlen(line) >= 64)
		snprintf(hash, 65, "%.64s", line);
}

static void print_data(void *ctx, const char *line)
{
	long *lines = ctx;

	console_data(line);
	(*lines)++;
}

/* A marker line: PREFIX and one JSON object. */
static void marker(const char *prefix, const char *run_rel, long long bytes, long lines,
		   const char *hash)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	struct json j;

	if (!out)
		return;
	fputs(prefix, out);
	json_init(&j, out, false);
	json_object_begin(&j, NULL);
	json_string(&j, "run", run_rel);
	if (bytes >= 0) {
		json_string(&j, "format", "tar.gz");
		json_int(&j, "bytes", bytes);
	}
	if (lines >= 0)
		json_int(&j, "lines", lines);
	json_string(&j, "sha256", hash);
	json_object_end(&j);
	if (fclose(out) == 0)
		console_line(text);
	free(text);
}

void console_results_print(const char *run_rel)
{
	const char *name = strrchr(run_rel, '/') ? strrchr(run_rel, '/') + 1 : run_rel;
	const char *tar[] = { TAR_PROGRAM, "-c", "-z", "-f", ARCHIVE_PATH,
			      "-C", RESULTS_MOUNT "/runs", name, NULL };
	const char *sum[] = { SHA256_PROGRAM, ARCHIVE_PATH, NULL };
	const char *b64[] = { BASE64_PROGRAM, ARCHIVE_PATH, NULL };
	char hash[65] = "";
	long lines = 0;
	struct stat st;

	if (run(tar, ARCHIVE_TIMEOUT, NULL, NULL) < 0 ||
	    run(sum, ARCHIVE_TIMEOUT, keep_hash, hash) < 0)
		goto out;
	if (strlen(hash) != 64) {
		warning("console results: %s printed no sha256", SHA256_PROGRAM);
		goto out;
	}
	if (stat(ARCHIVE_PATH, &st) < 0) {
		warning("console results: could not stat \"%s\":", ARCHIVE_PATH);
		goto out;
	}
	marker(CONSOLE_RESULTS_BEGIN, run_rel, (long long)st.st_size, -1, hash);
	/* On failure the end marker is missing: the reader names the run
	 * incomplete. */
	if (run(b64, PRINT_TIMEOUT, print_data, &lines) == 0)
		marker(CONSOLE_RESULTS_END, run_rel, -1, lines, hash);
out:
	if (unlink(ARCHIVE_PATH) < 0 && errno != ENOENT)
		warning("console results: could not remove \"%s\":", ARCHIVE_PATH);
}
