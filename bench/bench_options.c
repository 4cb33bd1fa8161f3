/* SPDX-License-Identifier: GPL-2.0-only */
/* bench_options.c: parse the command line of bootbench-bench. */
#include "bench/bench_options.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/clockmode.h"

/* The options of run after --suite and --suite-file, in both texts that
 * list them. */
#define RUN_OPTION_LINES \
	"  --target DEV            block device to format (all data on it is lost)\n" \
	"  --run-dir DIR           directory for results.jsonl, bench.json, logs/\n" \
	"  --mountpoint DIR        where to mount the target (default /mnt/target)\n" \
	"  --wal DEV               block device to format for the WAL\n" \
	"  --wal-mountpoint DIR    where to mount the WAL device (default /mnt/wal)\n" \
	"  --data-dir DIR          host mode: no device; each environment's data\n" \
	"                          directory is made in DIR (new or empty)\n" \
	"  --pg-bindir DIR         PostgreSQL's programs (default /opt/postgresql/bin)\n" \
	"  --suites-dir DIR        NAME.ini here overrides a built-in suite\n" \
	"                          (default /mnt/results/suites)\n" \
	"  --no-monitors           do not sample the machine each second during\n" \
	"                          the measurements (no series/ID.sys.csv)\n" \
	"  --perf PROGRAM          perf for a suite that asks for profiles\n" \
	"                          (default: perf in PATH)\n"

/* What run reads from its environment, in both texts that list it. */
#define ENVIRONMENT_LINES \
	"Environment:\n" \
	"  BOOTBENCH_CLOCK         the clock the run is measured in: host (the\n" \
	"                          default), or instructions:N under QEMU's\n" \
	"                          -icount shift=N (N 0 to 10), which adds the CPU\n" \
	"                          time per transaction counted in instructions;\n" \
	"                          instructions:N,sleep=off when an idle guest's\n" \
	"                          time jumps to its next deadline\n"

/* The exit statuses of run, in the program's text and run's. */
#define RUN_EXIT_STATUS \
	"Exit status: 0 success, 1 the run failed, 2 usage error or unknown suite,\n" \
	"3 a program of the run stuck in uninterruptible sleep (state D) after SIGKILL:\n" \
	"its I/O does not complete (the run ended at once, nothing unmounted),\n" \
	"143 stopped by SIGTERM (after stopping PostgreSQL and unmounting).\n"

/* The exit statuses of the commands that list something (keys,
 * filesystems). */
#define LIST_EXIT_STATUS \
	"Exit status: 0 success, 1 stdout could not be written, 2 usage error.\n"

const char bench_options_usage[] =
	"bootbench-bench runs a benchmark suite on a dedicated block device.\n"
	"\n"
	"Usage:\n"
	"  bootbench-bench describe (--suite NAME | --suite-file FILE)\n"
	"  bootbench-bench keys\n"
	"  bootbench-bench filesystems\n"
	"  bootbench-bench cluster-manifest [--template DIR]\n"
	"  bootbench-bench cluster-check [--template DIR] [--manifest FILE]\n"
	"  bootbench-bench cluster-pack --template DIR --manifest FILE [--base DIR]\n"
	"  bootbench-bench run (--suite NAME | --suite-file FILE) --target DEV\n"
	"                      --run-dir DIR [OPTION]...\n"
	"  bootbench-bench run (--suite NAME | --suite-file FILE) --data-dir DIR\n"
	"                      --run-dir DIR [OPTION]...    (host mode)\n"
	"\n"
	"Commands:\n"
	"  describe        print the suite's requirements as key=value lines\n"
	"  keys            list every key a suite file may set, one per line\n"
	"  filesystems     list the filesystem types a suite may choose, one per line\n"
	"  cluster-manifest  print the entry lines of a cluster template's manifest\n"
	"  cluster-check   check a cluster template against its manifest\n"
	"  cluster-pack    pack a cluster template as the image stores it\n"
	"  run             format DEV, run the suite on it, write results to DIR\n"
	"\n"
	"Options:\n"
	"  --suite NAME            suite to describe or run\n"
	"  --suite-file FILE       suite file to describe or run instead\n"
	RUN_OPTION_LINES
	"  -h, --help              show this help (after a command: its own), then exit\n"
	"  --version               print the id of the image built with it, then exit\n"
	"\n"
	"\n"
	ENVIRONMENT_LINES
	"\n"
	RUN_EXIT_STATUS;

static const char usage_describe[] =
	"bootbench-bench describe prints a suite's requirements as key=value lines.\n"
	"\n"
	"Usage:\n"
	"  bootbench-bench describe (--suite NAME | --suite-file FILE) [OPTION]...\n"
	"\n"
	"Options:\n"
	"  --suite NAME            built-in suite, or NAME.ini in the suites directory\n"
	"  --suite-file FILE       suite file to describe instead\n"
	"  --pg-bindir DIR         PostgreSQL's programs (default /opt/postgresql/bin)\n"
	"  --suites-dir DIR        NAME.ini here overrides a built-in suite\n"
	"                          (default /mnt/results/suites)\n"
	"  -h, --help              show this help, then exit\n"
	"\n"
	"Exit status: 0 success, 1 stdout could not be written, 2 usage error or\n"
	"unknown or invalid suite.\n";

static const char usage_keys[] =
	"bootbench-bench keys lists every key a suite file may set, one per line.\n"
	"\n"
	"Usage:\n"
	"  bootbench-bench keys\n"
	"\n"
	"Options:\n"
	"  -h, --help              show this help, then exit\n"
	"\n"
	LIST_EXIT_STATUS;

static const char usage_filesystems[] =
	"bootbench-bench filesystems lists the filesystem types of [filesystem] type,\n"
	"one per line: its mkfs, the feature set of profile compat, whether it has\n"
	"an inode_ratio, the smallest partition its mkfs formats, its mount type.\n"
	"\n"
	"Usage:\n"
	"  bootbench-bench filesystems\n"
	"\n"
	"Options:\n"
	"  -h, --help              show this help, then exit\n"
	"\n"
	LIST_EXIT_STATUS;

static const char usage_cluster_manifest[] =
	"bootbench-bench cluster-manifest prints the entry lines of the manifest of a\n"
	"cluster template (a data directory made by initdb when the image is built):\n"
	"KIND MODE SIZE CRC32C PATH for each directory and file, in the order the\n"
	"runner checks them.\n"
	"\n"
	"Usage:\n"
	"  bootbench-bench cluster-manifest [--template DIR]\n"
	"\n"
	"Options:\n"
	"  --template DIR          the template (default /usr/share/bootbench/cluster)\n"
	"  -h, --help              show this help, then exit\n"
	"\n"
	"Exit status: 0 success, 1 the template could not be read or stdout\n"
	"written, 2 usage error.\n";

static const char usage_cluster_check[] =
	"bootbench-bench cluster-check checks a cluster template against its manifest,\n"
	"as a run does before it formats anything: every directory and file, its\n"
	"mode, size and CRC-32C; then prints the manifest's digest (SHA-256).\n"
	"\n"
	"Usage:\n"
	"  bootbench-bench cluster-check [--template DIR] [--manifest FILE]\n"
	"\n"
	"Options:\n"
	"  --template DIR          the template (default /usr/share/bootbench/cluster)\n"
	"  --manifest FILE         its manifest (default /usr/share/bootbench/cluster.manifest)\n"
	"  -h, --help              show this help, then exit\n"
	"\n"
	"Exit status: 0 the template is its manifest's, 1 it is not (one line says\n"
	"the first difference) or could not be read, 2 usage error.\n";

static const char usage_cluster_pack[] =
	"bootbench-bench cluster-pack packs a cluster template, which must be what its\n"
	"manifest says, as the image stores it: each file cut after its last byte that\n"
	"is not zero, and each file with the bytes and mode of one before it, or of\n"
	"one of the packed template --base, made a hard link to that one.\n"
	"cluster-check, a run's check and its copy count a\n"
	"file's missing tail as zeros; the copy writes them. Then prints the bytes\n"
	"left and the bytes the manifest lists.\n"
	"\n"
	"Usage:\n"
	"  bootbench-bench cluster-pack --template DIR --manifest FILE [--base DIR]\n"
	"\n"
	"Options:\n"
	"  --template DIR          the template, changed in place\n"
	"  --manifest FILE         its manifest\n"
	"  --base DIR              a packed template (its manifest DIR.manifest) whose\n"
	"                          files this one's of the same bytes become links to\n"
	"  -h, --help              show this help, then exit\n"
	"\n"
	"Exit status: 0 packed, 1 the template is not its manifest's (one line says\n"
	"the first difference) or could not be changed, 2 usage error.\n";

static const char usage_run[] =
	"bootbench-bench run formats a device, runs the suite on it and writes the\n"
	"results to a directory; in host mode it uses a directory instead.\n"
	"\n"
	"Usage:\n"
	"  bootbench-bench run (--suite NAME | --suite-file FILE) --target DEV\n"
	"                      --run-dir DIR [OPTION]...\n"
	"  bootbench-bench run (--suite NAME | --suite-file FILE) --data-dir DIR\n"
	"                      --run-dir DIR [OPTION]...    (host mode)\n"
	"\n"
	"Options:\n"
	"  --suite NAME            built-in suite, or NAME.ini in the suites directory\n"
	"  --suite-file FILE       suite file to run instead\n"
	RUN_OPTION_LINES
	"  -h, --help              show this help, then exit\n"
	"\n"
	ENVIRONMENT_LINES
	"\n"
	RUN_EXIT_STATUS;

#define ON(cmd) (1u << (cmd))

struct option_def {
	const char *name;
	size_t offset;          /* of its field in struct bench_options */
	unsigned allowed;       /* commands that accept it */
	unsigned required;      /* commands that need it */
	bool absolute;          /* value must be an absolute path */
	bool flag;              /* takes no value: the field is a bool */
};

static const struct option_def defs[] = {
	{ "suite", offsetof(struct bench_options, suite),
	  ON(CMD_DESCRIBE) | ON(CMD_RUN), 0, false, false },
	{ "suite-file", offsetof(struct bench_options, suite_file),
	  ON(CMD_DESCRIBE) | ON(CMD_RUN), 0, false, false },
	{ "target", offsetof(struct bench_options, target),
	  ON(CMD_RUN), 0, true, false },
	{ "run-dir", offsetof(struct bench_options, run_dir),
	  ON(CMD_RUN), ON(CMD_RUN), false, false },
	{ "mountpoint", offsetof(struct bench_options, mountpoint),
	  ON(CMD_RUN), 0, true, false },
	{ "wal", offsetof(struct bench_options, wal),
	  ON(CMD_RUN), 0, true, false },
	{ "wal-mountpoint", offsetof(struct bench_options, wal_mountpoint),
	  ON(CMD_RUN), 0, true, false },
	{ "data-dir", offsetof(struct bench_options, data_dir),
	  ON(CMD_RUN), 0, true, false },
	{ "pg-bindir", offsetof(struct bench_options, pg_bindir),
	  ON(CMD_RUN) | ON(CMD_DESCRIBE), 0, true, false },
	{ "suites-dir", offsetof(struct bench_options, suites_dir),
	  ON(CMD_RUN) | ON(CMD_DESCRIBE), 0, true, false },
	{ "no-monitors", offsetof(struct bench_options, no_monitors),
	  ON(CMD_RUN), 0, false, true },
	{ "perf", offsetof(struct bench_options, perf),
	  ON(CMD_RUN), 0, false, false },
	{ "template", offsetof(struct bench_options, template),
	  ON(CMD_CLUSTER_MANIFEST) | ON(CMD_CLUSTER_CHECK) | ON(CMD_CLUSTER_PACK),
	  ON(CMD_CLUSTER_PACK), false, false },
	{ "manifest", offsetof(struct bench_options, manifest),
	  ON(CMD_CLUSTER_CHECK) | ON(CMD_CLUSTER_PACK), ON(CMD_CLUSTER_PACK), false, false },
	{ "base", offsetof(struct bench_options, base),
	  ON(CMD_CLUSTER_PACK), 0, false, false },
};

#define N_DEFS (sizeof(defs) / sizeof(defs[0]))

static const char *const command_names[] = {
	[CMD_HELP] = "help",
	[CMD_DESCRIBE] = "describe",
	[CMD_RUN] = "run",
	[CMD_KEYS] = "keys",
	[CMD_FILESYSTEMS] = "filesystems",
	[CMD_CLUSTER_MANIFEST] = "cluster-manifest",
	[CMD_CLUSTER_CHECK] = "cluster-check",
	[CMD_CLUSTER_PACK] = "cluster-pack",
	[CMD_VERSION] = "version",
};

const char *bench_options_help(enum command c)
{
	switch (c) {
	case CMD_DESCRIBE: return usage_describe;
	case CMD_RUN: return usage_run;
	case CMD_KEYS: return usage_keys;
	case CMD_FILESYSTEMS: return usage_filesystems;
	case CMD_CLUSTER_MANIFEST: return usage_cluster_manifest;
	case CMD_CLUSTER_CHECK: return usage_cluster_check;
	case CMD_CLUSTER_PACK: return usage_cluster_pack;
	case CMD_HELP:
	case CMD_VERSION:
		break;
	}
	return bench_options_usage;
}

const char *bench_options_command_name(enum command c)
{
	return c == CMD_HELP || c == CMD_VERSION ? NULL : command_names[c];
}

static int error(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int error(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

static const char **field(struct bench_options *o, const struct option_def *d)
{
	return (const char **)((char *)o + d->offset);
}

static const struct option_def *find_def(const char *name, size_t len)
{
	for (size_t i = 0; i < N_DEFS; i++)
		if (strlen(defs[i].name) == len &&
		    strncmp(defs[i].name, name, len) == 0)
			return &defs[i];
	return NULL;
}

/* Suite names become file names (suites/NAME.ini): keep them plain. */
static bool valid_suite_name(const char *s)
{
	if (*s == '\0' || strlen(s) > 64)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '-' || *s == '_'))
			return false;
	return true;
}

static bool is_help(const char *arg)
{
	return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

/* The length of an option's name: up to "=VALUE". */
static size_t name_len(const char *arg)
{
	return strcspn(arg, "=");
}

/* --help=VALUE or --version=VALUE: an error, or 0. */
static int flag_with_value(const char *arg, char *err, size_t errlen)
{
	size_t len = name_len(arg);

	if (arg[len] == '=' && ((len == 6 && strncmp(arg, "--help", 6) == 0) ||
				(len == 9 && strncmp(arg, "--version", 9) == 0)))
		return error(err, errlen, "option \"%.*s\" takes no value", (int)len, arg);
	return 0;
}

static int parse_command(const char *word, struct bench_options *o,
			 char *err, size_t errlen)
{
	if (is_help(word) || strcmp(word, "help") == 0)
		o->command = CMD_HELP;
	else if (strcmp(word, "--version") == 0)
		o->command = CMD_VERSION;
	else if (strcmp(word, "describe") == 0)
		o->command = CMD_DESCRIBE;
	else if (strcmp(word, "run") == 0)
		o->command = CMD_RUN;
	else if (strcmp(word, "keys") == 0)
		o->command = CMD_KEYS;
	else if (strcmp(word, "filesystems") == 0)
		o->command = CMD_FILESYSTEMS;
	else if (strcmp(word, "cluster-manifest") == 0)
		o->command = CMD_CLUSTER_MANIFEST;
	else if (strcmp(word, "cluster-check") == 0)
		o->command = CMD_CLUSTER_CHECK;
	else if (strcmp(word, "cluster-pack") == 0)
		o->command = CMD_CLUSTER_PACK;
	else if (flag_with_value(word, err, errlen) < 0)
		return -1;
	else if (strncmp(word, "--", 2) == 0 && find_def(word + 2, name_len(word + 2)))
		return error(err, errlen, "expected a command before \"%s\"", word);
	else if (word[0] == '-')
		return error(err, errlen, "unknown option \"%.*s\"",
			     (int)name_len(word), word);
	else
		return error(err, errlen, "unknown command \"%s\"", word);
	return 0;
}

/* The options the command requires, and the paths that must be absolute. */
static int check_defs(struct bench_options *o, char *err, size_t errlen)
{
	for (size_t i = 0; i < N_DEFS; i++) {
		if (defs[i].flag)
			continue;
		const char *v = *field(o, &defs[i]);
		if (!v && (defs[i].required & ON(o->command)))
			return error(err, errlen, "option --%s is required for %s",
				     defs[i].name, command_names[o->command]);
		if (v && defs[i].absolute && v[0] != '/')
			return error(err, errlen,
				     "option --%s needs an absolute path, not \"%s\"",
				     defs[i].name, v);
	}
	return 0;
}

static int check_values(struct bench_options *o, char *err, size_t errlen)
{
	const char *cmd = command_names[o->command];

	if (!o->suite && !o->suite_file)
		return error(err, errlen,
			     "option --suite or --suite-file is required for %s", cmd);
	if (o->suite && o->suite_file)
		return error(err, errlen,
			     "options --suite and --suite-file exclude each other");
	if (o->suite && !valid_suite_name(o->suite))
		return error(err, errlen,
			     "invalid suite name \"%s\" (letters, digits, '-' and '_' only)",
			     o->suite);
	if (o->command == CMD_RUN && !o->target == !o->data_dir)
		return error(err, errlen, "run needs exactly one of --target and --data-dir");
	if (o->wal && !o->target)
		return error(err, errlen, "option --wal needs --target");
	if (o->wal && strcmp(o->wal, o->target) == 0)
		return error(err, errlen,
			     "options --target and --wal name the same device \"%s\"",
			     o->wal);
	if (o->wal && strcmp(o->mountpoint, o->wal_mountpoint) == 0)
		return error(err, errlen,
			     "options --mountpoint and --wal-mountpoint name the same directory \"%s\"",
			     o->mountpoint);
	return 0;
}

int bench_options_parse(int argc, char **argv, struct bench_options *o,
			char *err, size_t errlen)
{
	*o = (struct bench_options){
		.mountpoint = "/mnt/target",
		.wal_mountpoint = "/mnt/wal",
	};
	if (argc < 2)
		return error(err, errlen, "no command given");
	if (parse_command(argv[1], o, err, errlen) < 0)
		return -1;
	if (o->command == CMD_HELP || o->command == CMD_VERSION) {
		if (argc > 2)
			return error(err, errlen, "unexpected argument \"%s\"", argv[2]);
		return 0;
	}

	unsigned given = 0;
	for (int i = 2; i < argc; i++) {
		const char *arg = argv[i];
		/* COMMAND --help and --version end the parsing where they are. */
		if (is_help(arg)) {
			o->help = true;
			return 0;
		}
		if (strcmp(arg, "--version") == 0) {
			o->command = CMD_VERSION;
			return 0;
		}
		if (arg[0] != '-' || strcmp(arg, "-") == 0 || strcmp(arg, "--") == 0)
			return error(err, errlen, "unexpected argument \"%s\"", arg);
		if (flag_with_value(arg, err, errlen) < 0)
			return -1;

		size_t len = name_len(arg);
		const struct option_def *d =
			strncmp(arg, "--", 2) == 0 ? find_def(arg + 2, len - 2) : NULL;
		if (!d)
			return error(err, errlen, "unknown option \"%.*s\"", (int)len, arg);
		const char *eq = arg[len] == '=' ? arg + len : NULL;
		if (!(d->allowed & ON(o->command)))
			return error(err, errlen, "option --%s does not apply to %s",
				     d->name, command_names[o->command]);

		unsigned bit = 1u << (d - defs);
		if (given & bit)
			return error(err, errlen, "option --%s given twice", d->name);
		given |= bit;

		if (d->flag) {
			if (eq)
				return error(err, errlen, "option \"--%s\" takes no value",
					     d->name);
			*(bool *)((char *)o + d->offset) = true;
			continue;
		}
		const char *value;
		if (eq)
			value = eq + 1;
		else if (i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0)
			value = argv[++i];
		else
			return error(err, errlen, "option \"--%s\" needs a value", d->name);
		if (*value == '\0')
			return error(err, errlen, "option \"--%s\" needs a value", d->name);
		*field(o, d) = value;
	}
	if (check_defs(o, err, errlen) < 0)
		return -1;
	if (o->command == CMD_KEYS || o->command == CMD_FILESYSTEMS ||
	    o->command == CMD_CLUSTER_MANIFEST || o->command == CMD_CLUSTER_CHECK ||
	    o->command == CMD_CLUSTER_PACK)
		return 0;
	return check_values(o, err, errlen);
}

int bench_options_clock(const char *value, int *shift, char *err, size_t errlen)
{
	struct clock_mode c;

	*shift = -1;
	if (!value)
		return 0;
	if (clock_parse(value, &c) < 0)
		return error(err, errlen, "BOOTBENCH_CLOCK: \"%s\" is not " CLOCK_RULE, value);
	if (c.instructions)
		*shift = c.shift;
	return 0;
}
