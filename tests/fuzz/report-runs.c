/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Fuzz target: the report's reading of a run directory (report/runs.c,
 * measurements.c, run_facts.c): run.json, results.jsonl and host.json.  The input is the three files
 * one after the other, separated by NUL bytes; a file the input does not
 * reach is absent.  They are written to a run directory of their own
 * under $TMPDIR, removed at exit.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/runs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const files[] = { "run.json", "results.jsonl", "host.json" };
#define NFILES (sizeof files / sizeof files[0])

static char top[4096], run[4200], paths[NFILES][4300];

static void remove_run(void)
{
	for (size_t i = 0; i < NFILES; i++)
		unlink(paths[i]);
	rmdir(run);
	rmdir(top);
}

static int make_run(void)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(top, sizeof top, "%s/bootbench-fuzz.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(top))
		return -1;
	snprintf(run, sizeof run, "%s/20261130T045451Z_6.12.0-fuzz_0b95edc8", top);
	if (mkdir(run, 0700) < 0)
		return -1;
	for (size_t i = 0; i < NFILES; i++)
		snprintf(paths[i], sizeof paths[i], "%s/%s", run, files[i]);
	atexit(remove_run);
	return 0;
}

static void write_part(const char *path, const uint8_t *data, size_t n)
{
	FILE *f = fopen(path, "w");

	if (!f || fwrite(data, 1, n, f) != n || fclose(f) != 0)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	const uint8_t *end = data + size;
	struct dataset ds = { 0 };
	char *argv[1] = { run };

	if (!ready)
		ready = make_run() == 0 ? 1 : -1;
	if (ready < 0)
		abort();
	for (size_t i = 0; i < NFILES; i++) {
		const uint8_t *nul = data ? memchr(data, '\0', (size_t)(end - data)) : NULL;

		if (!data) {
			unlink(paths[i]);
			continue;
		}
		write_part(paths[i], data, (size_t)((nul ? nul : end) - data));
		data = nul ? nul + 1 : NULL;
	}
	dataset_read(&ds, argv, 1);
	dataset_free(&ds);
	return 0;
}
