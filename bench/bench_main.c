/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bootbench-bench: run a benchmark suite on a dedicated block device.
 *
 *   bootbench-bench describe --suite NAME
 *   bootbench-bench run --suite NAME --target DEV --run-dir DIR [...]
 *   bootbench-bench [COMMAND] --help | --version
 *
 * The init of the bootbench image runs it once per boot; see
 * doc/results-jsonl.md for what it writes.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_options.h"
#include "bench/msg.h"
#include "bench/pg/cluster.h"
#include "bench/pg/pg.h"
#include "bench/run/profiler.h"
#include "bench/run/run.h"
#include "bench/run/suite_describe.h"
#include "bench/suite/suite.h"
#include "bench/suite/suite_keys.h"
#include "bench/suite/suite_read.h"
#include "bench/target/fstypes.h"
#include "common/cli.h"
#include "common/image_id.h"

/* The exit status of a command whose output on stdout is written (0) or
 * not (1, after the line that says so). */
static int written(void)
{
	return cli_stdout_written() ? 0 : 1;
}

/* cluster-manifest: the template's entry lines on stdout. */
static int cluster_manifest(const char *dir)
{
	struct cluster_manifest m;

	if (cluster_scan(dir, &m) < 0) {
		fprintf(stderr, "%s: %s\n", PROGNAME, fail_reason());
		return 1;
	}
	cluster_print(&m, stdout);
	int rc = written();
	cluster_free(&m);
	return rc;
}

/* cluster-check: the template against its manifest; its digest on stdout. */
static int cluster_check_command(const char *dir, const char *manifest)
{
	struct cluster_manifest m;

	if (cluster_read(manifest, &m) < 0 ||
	    (strcmp(m.initdb, pg_initdb_options()) != 0 &&
	     fail("cluster manifest %s: made by initdb %s, the runner runs initdb %s", manifest,
		  m.initdb, pg_initdb_options()) < 0) ||
	    cluster_check(dir, &m) < 0) {
		fprintf(stderr, "%s: %s\n", PROGNAME, fail_reason());
		cluster_free(&m);
		return 1;
	}
	printf("%s\n", m.digest);
	int rc = written();
	cluster_free(&m);
	return rc;
}

/* cluster-pack: the template packed, linked to base's files where base is
 * not NULL; the bytes left and the manifest's. */
static int cluster_pack_command(const char *dir, const char *manifest, const char *base)
{
	struct cluster_manifest m, b = { .n = 0 };
	char base_manifest[PATH_MAX];
	long long stored;

	snprintf(base_manifest, sizeof(base_manifest), "%s.manifest", base ? base : "");
	if (cluster_read(manifest, &m) < 0) {
		fprintf(stderr, "%s: %s\n", PROGNAME, fail_reason());
		return 1;
	}
	if ((base && cluster_read(base_manifest, &b) < 0) ||
	    cluster_pack(dir, &m, base, base ? &b : NULL, &stored) < 0) {
		fprintf(stderr, "%s: %s\n", PROGNAME, fail_reason());
		cluster_free(&m);
		cluster_free(&b);
		return 1;
	}
	printf("%s: %lld of %lld bytes stored\n", dir, stored, m.bytes);
	int rc = written();
	cluster_free(&m);
	cluster_free(&b);
	return rc;
}

int main(int argc, char **argv)
{
	static struct suite suite;
	struct bench_options o;
	char err[1024];

	if (bench_options_parse(argc, argv, &o, err, sizeof(err)) < 0)
		return cli_usage_error(bench_options_command_name(o.command), "%s", err);
	if (o.command == CMD_VERSION)
		return cli_print_version(bootbench_image_id) ? 0 : 1;
	if (o.command == CMD_HELP || o.help)
		return cli_print_help(bench_options_help(o.command)) ? 0 : 1;
	if (o.command == CMD_KEYS) {
		suite_list_keys(stdout);
		return written();
	}
	if (o.command == CMD_FILESYSTEMS) {
		fs_types_print(stdout);
		return written();
	}
	if (o.command == CMD_CLUSTER_MANIFEST)
		return cluster_manifest(o.template ? o.template : CLUSTER_TEMPLATE);
	if (o.command == CMD_CLUSTER_CHECK)
		return cluster_check_command(o.template ? o.template : CLUSTER_TEMPLATE,
					     o.manifest ? o.manifest : CLUSTER_MANIFEST);
	if (o.command == CMD_CLUSTER_PACK)
		return cluster_pack_command(o.template, o.manifest, o.base);
	if ((o.suite_file ? suite_read_file(o.suite_file, &suite, err, sizeof(err))
			  : suite_lookup_in(o.suites_dir ? o.suites_dir : SUITE_RESULTS_DIR,
					    o.suite, &suite, err, sizeof(err))) < 0) {
		fprintf(stderr, "%s: %s\n", PROGNAME, err);
		return 2;
	}
	if (o.pg_bindir)
		pg_set_bindir(o.pg_bindir);
	if (o.command == CMD_DESCRIBE) {
		suite_describe(&suite, stdout);
		return written();
	}
	if (bench_options_clock(getenv("BOOTBENCH_CLOCK"), &o.icount_shift, err,
				sizeof(err)) < 0) {
		fprintf(stderr, "%s: %s\n", PROGNAME, err);
		return 2;
	}
	if (suite.needs_wal && !o.wal) {
		fprintf(stderr, "%s: suite \"%s\" needs a WAL device (--wal DEV)\n",
			PROGNAME, suite.name);
		return 2;
	}
	struct profile_settings profile;
	char perf[4096];
	profile_settings_read(&suite, &profile);
	if (profile.on && profile_find_perf(o.perf, perf, sizeof(perf), err, sizeof(err)) < 0) {
		fprintf(stderr, "%s: suite \"%s\" asks for profiles: %s\n", PROGNAME,
			suite.name, err);
		return 2;
	}
	return run_suite(&o, &suite);
}
