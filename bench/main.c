/*
 * bootbench-bench: run a benchmark suite on a dedicated block device.
 *
 *   bootbench-bench describe --suite NAME
 *   bootbench-bench run --suite NAME --target DEV --run-dir DIR [...]
 *
 * The init of the bootbench image runs it once per boot; see
 * doc/results-jsonl.md for what it writes.
 */
#include <stdio.h>

#include "msg.h"
#include "options.h"
#include "pg.h"
#include "run.h"
#include "suite.h"
#include "suite_keys.h"

int main(int argc, char **argv)
{
	static struct suite suite;
	struct options o;
	char err[512];

	if (options_parse(argc, argv, &o, err, sizeof(err)) < 0) {
		fprintf(stderr, "%s: %s (see \"%s --help\")\n", PROGNAME, err,
			PROGNAME);
		return 2;
	}
	if (o.command == CMD_HELP) {
		fputs(options_usage, stdout);
		return fflush(stdout) == 0 ? 0 : 1;
	}
	if (o.command == CMD_KEYS) {
		suite_list_keys(stdout);
		return fflush(stdout) == 0 ? 0 : 1;
	}
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
		if (fflush(stdout) != 0) {
			perror(PROGNAME ": could not write to stdout");
			return 1;
		}
		return 0;
	}
	if (suite.needs_wal && !o.wal) {
		fprintf(stderr, "%s: suite \"%s\" needs a WAL device (--wal DEV)\n",
			PROGNAME, suite.name);
		return 2;
	}
	return run_suite(&o, &suite);
}
