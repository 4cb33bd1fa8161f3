/* SPDX-License-Identifier: GPL-2.0-only */
/* The command line: what is accepted, and the message for what is not. */
#include "bench/bench_options.h"
#include "common/clockmode.h"
#include "tap.h"

#define ARGC(a) ((int)(sizeof(a) / sizeof((a)[0])) - 1)

/* Parse a NULL-terminated argv; return the error ("" if none). */
static const char *parse(char **argv, struct bench_options *o)
{
	static char err[512];
	int argc = 0;

	while (argv[argc])
		argc++;
	err[0] = '\0';
	if (bench_options_parse(argc, argv, o, err, sizeof(err)) == 0 && err[0])
		return "(error text after success)";
	return err;
}

#define ERR(msg, ...) do {                                               \
	char *argv_[] = { "bootbench-bench", __VA_ARGS__, NULL };         \
	struct bench_options o_;                                                \
	is_str(parse(argv_, &o_), msg, "error: %s", msg);                 \
} while (0)

/* BOOTBENCH_CLOCK: host, or instructions:N (0 to 10), with ,sleep=off
 * (or ,sleep=on) after it. */
static void clock_env(void)
{
	static const struct {
		const char *value;
		int shift;             /* -2: refused */
	} cases[] = {
		{ NULL, -1 }, { "host", -1 }, { "instructions:0", 0 }, { "instructions:3", 3 },
		{ "instructions:10", 10 }, { "instructions:11", -2 }, { "instructions:", -2 },
		{ "instructions:-1", -2 }, { "instructions:03", -2 }, { "instructions", -2 },
		{ "Host", -2 }, { "", -2 }, { "instructions:3 ", -2 },
		{ "instructions:3,sleep=off", 3 }, { "instructions:3,sleep=on", 3 },
		{ "instructions:3,sleep=", -2 }, { "instructions:3,sleep=offf", -2 },
		{ "host,sleep=off", -2 },
	};
	char err[256];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int shift = -3;
		int rc = bench_options_clock(cases[i].value, &shift, err, sizeof(err));
		if (cases[i].shift == -2)
			ok(rc < 0 && strstr(err, "BOOTBENCH_CLOCK: \"") &&
			   strstr(err, "\" is not " CLOCK_RULE),
			   "BOOTBENCH_CLOCK=\"%s\": refused (%s)", cases[i].value, err);
		else
			ok(rc == 0 && shift == cases[i].shift, "BOOTBENCH_CLOCK=%s: shift %d",
			   cases[i].value ? cases[i].value : "(not set)", cases[i].shift);
	}
}

int main(void)
{
	struct bench_options o;

	char *run[] = { "bootbench-bench", "run", "--suite", "quick",
			"--target", "/dev/vdb1", "--run-dir=/mnt/results/runs/x", NULL };
	is_str(parse(run, &o), "", "run with the required options");
	ok(o.command == CMD_RUN, "command run");
	is_str(o.suite, "quick", "suite");
	is_str(o.target, "/dev/vdb1", "target");
	is_str(o.run_dir, "/mnt/results/runs/x", "--name=value form");
	is_str(o.mountpoint, "/mnt/target", "mount point default");
	ok(o.wal == NULL, "no WAL device by default");

	char *wal[] = { "bootbench-bench", "run", "--suite", "quick", "--target",
			"/dev/vdb1", "--run-dir", "d", "--wal", "/dev/vdc1",
			"--mountpoint", "/mnt/t", NULL };
	is_str(parse(wal, &o), "", "run with a WAL device");
	is_str(o.wal, "/dev/vdc1", "WAL device");
	is_str(o.wal_mountpoint, "/mnt/wal", "WAL mount point default");
	is_str(o.mountpoint, "/mnt/t", "mount point given");

	char *describe[] = { "bootbench-bench", "describe", "--suite", "quick", NULL };
	is_str(parse(describe, &o), "", "describe");
	ok(o.command == CMD_DESCRIBE, "command describe");

	char *file[] = { "bootbench-bench", "describe", "--suite-file", "my.ini", NULL };
	is_str(parse(file, &o), "", "describe a suite file");
	is_str(o.suite_file, "my.ini", "suite file");
	ok(o.suite == NULL, "no suite name with a suite file");

	char *host[] = { "bootbench-bench", "run", "--suite-file", "s.ini",
			 "--data-dir", "/srv/bench", "--run-dir", "runs/h",
			 "--pg-bindir=/usr/lib/postgresql/18/bin", "--suites-dir", "/etc/s", NULL };
	is_str(parse(host, &o), "", "host mode: run with --data-dir");
	is_str(o.data_dir, "/srv/bench", "host mode: data directory");
	ok(o.target == NULL && o.wal == NULL, "host mode: no target, no WAL device");
	is_str(o.pg_bindir, "/usr/lib/postgresql/18/bin", "host mode: PostgreSQL's programs");
	is_str(o.suites_dir, "/etc/s", "host mode: suites directory");
	is_str(o.suite_file, "s.ini", "host mode: suite file");
	is_str(o.run_dir, "runs/h", "host mode: a relative run directory");

	char *defaults[] = { "bootbench-bench", "run", "--suite", "quick",
			     "--target", "/dev/vdb1", "--run-dir", "d", NULL };
	is_str(parse(defaults, &o), "", "defaults: run on a target");
	ok(o.data_dir == NULL && o.pg_bindir == NULL && o.suites_dir == NULL,
	   "defaults: no data dir, no bindir, no suites dir (the program's defaults apply)");
	is_str(o.wal_mountpoint, "/mnt/wal", "defaults: the WAL mount point");
	ok(!o.no_monitors, "defaults: the machine is sampled");

	char *quiet[] = { "bootbench-bench", "run", "--suite", "quick", "--no-monitors",
			  "--target", "/dev/vdb1", "--run-dir", "d", NULL };
	is_str(parse(quiet, &o), "", "run --no-monitors");
	ok(o.no_monitors, "--no-monitors: no sampling");
	is_str(o.target, "/dev/vdb1", "--no-monitors takes no value: the next option is read");

	char *dsuites[] = { "bootbench-bench", "describe", "--suite", "quick",
			    "--suites-dir", "/mnt/results/suites", "--pg-bindir", "/opt/pg/bin", NULL };
	is_str(parse(dsuites, &o), "", "describe with --suites-dir and --pg-bindir");
	is_str(o.suites_dir, "/mnt/results/suites", "describe: suites directory");

	char *help[] = { "bootbench-bench", "--help", NULL };
	is_str(parse(help, &o), "", "--help");
	ok(o.command == CMD_HELP, "command help");

	ok(!o.help, "--help: not a command's help");
	is_str(bench_options_help(o.command), bench_options_usage, "--help: the usage of all");
	ok(bench_options_command_name(o.command) == NULL, "--help: no command for the hint");

	char *run_help[] = { "bootbench-bench", "run", "--help", NULL };
	is_str(parse(run_help, &o), "", "run --help");
	ok(o.command == CMD_RUN && o.help, "run --help: the help of run");
	ok(strstr(bench_options_help(o.command), "--data-dir DIR") != NULL,
	   "run --help: run's usage");

	char *describe_h[] = { "bootbench-bench", "describe", "--suite", "quick", "-h", NULL };
	is_str(parse(describe_h, &o), "", "describe --suite quick -h");
	ok(o.command == CMD_DESCRIBE && o.help, "describe -h: the help of describe");
	ok(strstr(bench_options_help(o.command), "--target") == NULL,
	   "describe -h: no option of run in describe's usage");

	char *keys_help[] = { "bootbench-bench", "keys", "--help", NULL };
	is_str(parse(keys_help, &o), "", "keys --help");
	ok(o.command == CMD_KEYS && o.help, "keys --help: the help of keys");

	char *keys[] = { "bootbench-bench", "keys", NULL };
	is_str(parse(keys, &o), "", "keys");
	ok(o.command == CMD_KEYS && !o.help, "keys: command keys");

	char *filesystems[] = { "bootbench-bench", "filesystems", NULL };
	is_str(parse(filesystems, &o), "", "filesystems");
	ok(o.command == CMD_FILESYSTEMS && !o.help, "filesystems: command filesystems");
	is_str(bench_options_command_name(o.command), "filesystems", "filesystems: its name");
	ok(strstr(bench_options_help(CMD_FILESYSTEMS), "bootbench-bench filesystems") != NULL,
	   "filesystems has its own help");

	char *pack[] = { "bootbench-bench", "cluster-pack", "--template", "t", "--manifest", "m",
			 NULL };
	is_str(parse(pack, &o), "", "cluster-pack --template t --manifest m");
	ok(o.command == CMD_CLUSTER_PACK && strcmp(o.template, "t") == 0 &&
	   strcmp(o.manifest, "m") == 0 && !o.base, "cluster-pack: its template and manifest, no base");
	char *pack_base[] = { "bootbench-bench", "cluster-pack", "--template", "t", "--manifest", "m",
			      "--base", "b", NULL };
	is_str(parse(pack_base, &o), "", "cluster-pack --template t --manifest m --base b");
	ok(o.base && strcmp(o.base, "b") == 0, "cluster-pack: the base it links to");
	ERR("option --base does not apply to cluster-check", "cluster-check", "--base", "b");
	ok(strstr(bench_options_help(CMD_CLUSTER_PACK), "bootbench-bench cluster-pack --template") != NULL,
	   "cluster-pack has its own help");
	ERR("option --template is required for cluster-pack", "cluster-pack", "--manifest", "m");
	ERR("option --manifest is required for cluster-pack", "cluster-pack", "--template", "t");
	ERR("option --suite does not apply to cluster-pack", "cluster-pack", "--suite", "quick");
	char *pack_help[] = { "bootbench-bench", "cluster-pack", "--help", NULL };
	is_str(parse(pack_help, &o), "", "cluster-pack --help: no option required");

	char *version[] = { "bootbench-bench", "--version", NULL };
	is_str(parse(version, &o), "", "--version");
	ok(o.command == CMD_VERSION, "--version: command version");

	char *run_version[] = { "bootbench-bench", "run", "--version", NULL };
	is_str(parse(run_version, &o), "", "run --version");
	ok(o.command == CMD_VERSION, "run --version: command version");

	char *run_bad[] = { "bootbench-bench", "run", "--frob", NULL };
	is_str(parse(run_bad, &o), "unknown option \"--frob\"", "run --frob");
	is_str(bench_options_command_name(o.command), "run", "run --frob: the hint names run");

	char *none[] = { "bootbench-bench", NULL };
	is_str(parse(none, &o), "no command given", "no command");

	ERR("unknown command \"bench\"", "bench");
	ERR("expected a command before \"--suite\"", "--suite", "quick");
	ERR("option --suite or --suite-file is required for describe", "describe");
	ERR("options --suite and --suite-file exclude each other", "describe",
	    "--suite", "quick", "--suite-file", "q.ini");
	ERR("run needs exactly one of --target and --data-dir", "run", "--suite", "quick",
	    "--run-dir", "d");
	ERR("run needs exactly one of --target and --data-dir", "run", "--suite", "quick",
	    "--target", "/dev/vdb1", "--data-dir", "/srv/bench", "--run-dir", "d");
	ERR("option --wal needs --target", "run", "--suite", "quick",
	    "--data-dir", "/srv/bench", "--wal", "/dev/vdc1", "--run-dir", "d");
	ERR("option --data-dir needs an absolute path, not \"bench\"", "run",
	    "--suite", "q", "--data-dir", "bench", "--run-dir", "d");
	ERR("option --pg-bindir needs an absolute path, not \"bin\"", "run",
	    "--suite", "q", "--data-dir", "/srv/b", "--pg-bindir", "bin", "--run-dir", "d");
	ERR("option --suites-dir needs an absolute path, not \"suites\"", "describe",
	    "--suite", "q", "--suites-dir", "suites");
	ERR("option --data-dir does not apply to describe", "describe",
	    "--suite", "quick", "--data-dir", "/srv/bench");
	ERR("option --data-dir given twice", "run", "--suite", "q", "--data-dir", "/a",
	    "--data-dir", "/b", "--run-dir", "d");
	ERR("option \"--pg-bindir\" needs a value", "describe", "--suite", "q", "--pg-bindir");
	ERR("option --run-dir is required for run", "run", "--suite", "quick",
	    "--data-dir", "/srv/bench");
	ERR("option --run-dir is required for run", "run", "--suite", "quick",
	    "--target", "/dev/vdb1");
	ERR("option --target does not apply to describe", "describe",
	    "--suite", "quick", "--target", "/dev/vdb1");
	ERR("unknown option \"--suit\"", "describe", "--suit", "quick");
	ERR("unknown option \"--frob\"", "describe", "--frob=1", "--suite", "quick");
	ERR("unknown option \"-x\"", "run", "-x");
	ERR("unknown option \"--frob\"", "--frob");
	ERR("option --suite does not apply to keys", "keys", "--suite", "quick");
	ERR("unexpected argument \"x\"", "keys", "x");
	ERR("unexpected argument \"x\"", "--version", "x");
	ERR("option \"--help\" takes no value", "--help=1");
	ERR("option \"--version\" takes no value", "run", "--version=1");
	ERR("option \"--no-monitors\" takes no value", "run", "--suite", "q",
	    "--no-monitors=1", "--target", "/dev/a", "--run-dir", "d");
	ERR("unexpected argument \"yes\"", "run", "--suite", "q", "--no-monitors", "yes");
	ERR("option --no-monitors does not apply to describe", "describe", "--suite", "q",
	    "--no-monitors");
	ERR("option --no-monitors given twice", "run", "--suite", "q", "--no-monitors",
	    "--no-monitors", "--target", "/dev/a", "--run-dir", "d");
	ERR("option --suite given twice", "describe", "--suite", "a", "--suite", "b");
	ERR("option \"--suite\" needs a value", "describe", "--suite");
	ERR("option \"--suite\" needs a value", "describe", "--suite=");
	ERR("option \"--target\" needs a value", "run", "--suite", "q", "--target",
	    "--run-dir", "d");
	ERR("unexpected argument \"quick\"", "describe", "quick");
	ERR("option --target needs an absolute path, not \"vdb1\"", "run",
	    "--suite", "q", "--target", "vdb1", "--run-dir", "d");
	ERR("invalid suite name \"../x\" (letters, digits, '-' and '_' only)",
	    "describe", "--suite", "../x");
	ERR("options --target and --wal name the same device \"/dev/vdb1\"", "run",
	    "--suite", "q", "--target", "/dev/vdb1", "--wal", "/dev/vdb1",
	    "--run-dir", "d");
	ERR("options --mountpoint and --wal-mountpoint name the same directory \"/mnt/x\"",
	    "run", "--suite", "q", "--target", "/dev/a", "--wal", "/dev/b",
	    "--mountpoint", "/mnt/x", "--wal-mountpoint", "/mnt/x", "--run-dir", "d");
	ERR("unexpected argument \"x\"", "--help", "x");
	clock_env();
	return tap_done();
}
