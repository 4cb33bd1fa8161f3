/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Suites: the built-in quick suite, good and bad suite files, suite files
 * on disk, and the expansion of a suite into its matrix of cases.
 */
#include "bench/run/estimate.h"
#include "bench/run/suite_describe.h"
#include "bench/suite/matrix.h"
#include "bench/suite/suite.h"
#include "bench/suite/suite_parse.h"
#include "bench/suite/suite_read.h"
#include "bench/suite/workload_spec.h"
#include "tap.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static struct suite s;
static char err[1024];

/* Parse text as suite "t" from source "test"; return the error ("" if none). */
static const char *parse(const char *text)
{
	err[0] = '\0';
	if (suite_parse("t", "test", text, &s, err, sizeof(err)) == 0 && err[0])
		return "(error text after success)";
	return err;
}

static char *describe_text(const struct suite *su)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	suite_describe(su, f);
	fclose(f);
	return out;
}

static const char *value(const char *section, const char *key, size_t i)
{
	const struct suite_param *p = suite_param(&s, section, key);
	return p && i < p->n ? p->values[i] : NULL;
}

static size_t count(const char *section, const char *key)
{
	const struct suite_param *p = suite_param(&s, section, key);
	return p ? p->n : 0;
}

/* The names of the built-in suites, ", "-separated. */
static const char *builtin_names(void)
{
	static char names[512];
	size_t used = 0;

	names[0] = '\0';
	for (const struct suite_text *b = builtin_suites; b->name && used < sizeof(names); b++)
		used += (size_t)snprintf(names + used, sizeof(names) - used, "%s%s",
					 used ? ", " : "", b->name);
	return names;
}

/* --- the built-in quick suite --------------------------------------------- */

static void quick(void)
{
	err[0] = '\0';
	is_int(suite_lookup_in(NULL, "quick", &s, err, sizeof(err)), 0, "quick: found");
	is_str(err, "", "quick: no error");
	is_str(s.name, "quick", "quick: name");
	is_str(s.source, "built-in", "quick: source");
	is_str(s.dir, "", "quick: no directory");
	is_int(s.min_target_mib, 256, "quick: min_target_mib");
	ok(!s.allow_unmarked && !s.needs_wal, "quick: no unmarked target, no WAL device");
	is_int(s.repeats, 1, "quick: one repeat");
	ok(s.text && strstr(s.text, "[pgbench]") != NULL, "quick: the text as run is kept");

	/* describe: the suite's values, the estimate of the default costs
	 * and the cases as the matrix has them (how cases are named is
	 * tested with the matrix below). */
	char *d = describe_text(&s), *expected = NULL;
	size_t expected_len = 0;
	FILE *f = open_memstream(&expected, &expected_len);
	struct estimate_costs k;
	estimate_default_costs(&k);
	fprintf(f, "suite=quick\n"
		"source=built-in\n"
		"min_target_mib=256\n"
		"allow_unmarked=0\n"
		"needs_wal=0\n"
		"filesystems=ext4\n"
		"repeats=1\n"
		"profile=none\n"
		"qemu_target=disk\n"
		"cluster=auto\n"
		"load=auto\n"
		"first_load.0=pgbench -i -q -s 1 -I dtgvp\n"
		"cases=%zu\n"
		"estimate_s=%.0f\n", suite_case_count(&s), estimate_seconds(&s, 0, &k));
	for (size_t i = 0; i < suite_case_count(&s); i++) {
		struct bench_case c;
		suite_case(&s, i, &c);
		fprintf(f, "case.%zu=%s\n", i, c.id);
	}
	fclose(f);
	is_str(d, expected, "quick: describe, with the estimate of the default costs");
	free(d);
	free(expected);

	/* Case names are unique in a run. */
	bool unique = true;
	for (size_t i = 0; i < suite_case_count(&s); i++)
		for (size_t j = 0; j < i; j++) {
			struct bench_case a, b;
			suite_case(&s, i, &a);
			suite_case(&s, j, &b);
			unique &= strcmp(a.id, b.id) != 0;
		}
	ok(unique, "quick: %zu cases, each its own name", suite_case_count(&s));

	/* bench/workloads/list.h, through the registry */
	for (const struct workload_spec *const *w = workload_specs; *w; w++) {
		bool found = false;
		for (size_t j = 0; j < suite_case_count(&s); j++) {
			struct bench_case c;
			suite_case(&s, j, &c);
			found |= strcmp(c.workload, (*w)->name) == 0;
		}
		ok(found, "quick: runs every workload there is (%s)", (*w)->name);
	}
	/* Every built-in suite parses. */
	for (const struct suite_text *b = builtin_suites; b->name; b++) {
		struct suite *t = malloc(sizeof(*t));
		is_int(t ? suite_parse(b->name, "built-in", b->text, t, err, sizeof(err)) : -1,
		       0, "built-in suite %s parses", b->name);
		free(t);
	}

	char want[600];
	is_int(suite_lookup_in(NULL, "nosuch", &s, err, sizeof(err)), -1, "unknown suite");
	snprintf(want, sizeof(want), "unknown suite \"nosuch\" (built-in suites: %s)",
		 builtin_names());
	is_str(err, want, "unknown suite: the message lists the built-in suites");
	ok(strstr(err, " quick,") || strstr(err, " quick)"), "unknown suite: quick is listed");
	is_int(suite_lookup_in("/nonexistent", "nosuch", &s, err, sizeof(err)), -1,
	       "unknown suite, with a directory");
	snprintf(want, sizeof(want), "unknown suite \"nosuch\" (built-in suites: %s; "
		 "none in /nonexistent)", builtin_names());
	is_str(err, want, "unknown suite: the message names the directory looked in");
}

/* --- good suites ------------------------------------------------------------ */

static void good(void)
{
	struct bench_case c;

	is_str(parse("[fsync]\n"), "", "good: [fsync] alone");
	is_int(suite_case_count(&s), 1, "good: [fsync] alone is one case");
	suite_case(&s, 0, &c);
	is_str(c.workload, "fsync", "good: its workload");
	is_str(case_param(&c, "seconds_per_test"), "2", "good: the default seconds_per_test");
	is_str(c.id, "fsync-s2", "good: its id");
	is_str(case_value(&c, "filesystem", "type"), "ext4", "good: [filesystem] is filled in");
	is_str(case_value(&c, "suite", "between"), "checkpoint,sync",
	       "good: [suite] between defaults to checkpoint,sync");
	is_int(s.min_target_mib, 256, "good: min_target_mib defaults to 256");
	is_int(s.repeats, 1, "good: repeats defaults to 1");
	ok(case_value(&c, "postgresql", "fsync") == NULL,
	   "good: no [postgresql] key the suite does not set");
	ok(case_value(&c, "fsync", "nosuch") == NULL, "good: no value of an unknown key");
	is_int(s.n_sections, 3, "good: [fsync], [suite], [filesystem]");

	/* Each workload alone, with nothing but its defaults. */
	for (const struct workload_spec *const *w = workload_specs; *w; w++) {
		char text[64];
		snprintf(text, sizeof(text), "[%s]\n", (*w)->name);
		is_str(parse(text), "", "good: [%s] alone, every key has a default", (*w)->name);
		size_t keys = 0;
		for (const struct suite_key *k = (*w)->keys; k->name; k++, keys++)
			ok(count((*w)->name, k->name) == 1,
			   "good: [%s] %s filled in", (*w)->name, k->name);
		(void)keys;
	}

	is_str(parse("[pgbench]\n"
		      "clients = 1, 4 ,8\n"
		      "scale = 16\n"
		      "[postgresql]\n"
		      "shared_preload_libraries = 'a,b', c\n"
		      "search_path = '\"$user\", public'\n"
		      "synchronous_commit = on,off\n"
		      "work_mem = 4MB\n"), "", "good: lists and [postgresql] values");
	is_int(count("pgbench", "clients"), 3, "good: three client counts");
	is_str(value("pgbench", "clients", 0), "1", "good: first list value");
	is_str(value("pgbench", "clients", 1), "4", "good: spaces around a list value go");
	is_str(value("pgbench", "clients", 2), "8", "good: last list value");
	is_int(count("postgresql", "shared_preload_libraries"), 2,
	       "good: a comma inside quotes does not split");
	is_str(value("postgresql", "shared_preload_libraries", 0), "a,b",
	       "good: the quotes are stripped");
	is_str(value("postgresql", "shared_preload_libraries", 1), "c",
	       "good: the value after the quoted one");
	is_int(count("postgresql", "search_path"), 1, "good: one quoted value");
	is_str(value("postgresql", "search_path", 0), "\"$user\", public",
	       "good: double quotes inside single ones are kept");
	is_int(count("postgresql", "synchronous_commit"), 2, "good: a [postgresql] list");
	is_str(value("postgresql", "work_mem", 0), "4MB", "good: a [postgresql] value as written");
	is_int(suite_case_count(&s), 12,
	       "good: 3 client counts x 2 libraries x 2 synchronous_commit");
	const struct suite_param *p = suite_param(&s, "pgbench", "clients");
	is_int(p ? p->line : 0, 2, "good: the line of a key");
	p = suite_param(&s, "pgbench", "protocol");
	is_int(p ? p->line : -1, 0, "good: a fallback has no line");
	ok(p && p->def && p->def->kind == SK_CHOICE, "good: a fallback knows its key");
	p = suite_param(&s, "postgresql", "work_mem");
	ok(p && p->def == NULL, "good: a [postgresql] key has no key table");

	/* Sizes, booleans, numbers. */
	is_str(parse("[filesystem]\n"
		     "block_size = 64k\n"
		     "discard = yes\n"
		     "readahead_kb = -1\n"
		     "[seqscan]\n"
		     "size = 16M, 1MiB\n"
		     "parallel = off, true\n"
		     "raw_block_size = 64K\n"
		     "[rawio]\n"
		     "size = 2G\n"
		     "block_size = 512\n"
		     "sync = none\n"), "", "good: sizes and booleans");
	suite_case(&s, 0, &c);
	is_str(c.workload, "seqscan", "good: the first case is seqscan");
	is_int(case_number(&c, "filesystem", "block_size"), 65536, "good: 64k is 65536 bytes");
	is_int(case_number(&c, "filesystem", "discard"), 1, "good: yes is 1");
	is_int(case_number(&c, "filesystem", "readahead_kb"), -1, "good: a negative number");
	is_int(case_param_number(&c, "size"), 16 << 20, "good: 16M in bytes");
	is_int(case_param_number(&c, "parallel"), 0, "good: off is 0");
	is_int(case_param_number(&c, "raw_block_size"), 65536, "good: 64K is 64k");
	is_str(case_param(&c, "size"), "16M", "good: the text of a size is kept");
	suite_case(&s, 1, &c);
	is_int(case_param_number(&c, "parallel"), 1, "good: true is 1");
	is_str(c.id, "seqscan-s16M-parallel", "good: a parallel scan's id");
	suite_case(&s, 2, &c);
	is_int(case_param_number(&c, "size"), 1 << 20, "good: 1MiB in bytes");
	suite_case(&s, 4, &c);
	is_str(c.workload, "rawio", "good: rawio after seqscan");
	is_int(case_param_number(&c, "size"), 2LL << 30, "good: 2G in bytes");
	is_int(case_param_number(&c, "block_size"), 512, "good: a size without a unit");
	is_str(c.id, "rawio-s2G-b512-syncnone", "good: a rawio id with sync none");
	is_int(suite_case_count(&s), 4 + 1, "good: 4 seqscan cases and 1 rawio");

	long long n = -7;
	static const struct { const char *text; long long bytes; } sizes[] = {
		{ "0", 0 }, { "512", 512 }, { "64k", 65536 }, { "64K", 65536 },
		{ "16M", 16 << 20 }, { "2G", 2LL << 30 }, { "1T", 1LL << 40 },
		{ "1MiB", 1 << 20 }, { "1MB", 1 << 20 }, { "3kB", 3072 },
	};
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		ok(suite_parse_size(sizes[i].text, &n) && n == sizes[i].bytes,
		   "size \"%s\" is %lld bytes", sizes[i].text, sizes[i].bytes);
	}
	static const char *const not_sizes[] = {
		"", "k", "-1", "1.5M", "16Q", "1 M", "1Mi", "1MiBs", "16m",
		"99999999999T", " 16M",
	};
	for (size_t i = 0; i < sizeof(not_sizes) / sizeof(not_sizes[0]); i++) {
		n = -7;
		ok(!suite_parse_size(not_sizes[i], &n) && n == -7,
		   "\"%s\" is not a size", not_sizes[i]);
	}
	static const char *const yes[] = { "1", "yes", "on", "true" };
	static const char *const no[] = { "0", "no", "off", "false" };
	for (size_t i = 0; i < 4; i++) {
		bool b = false;
		ok(suite_parse_bool(yes[i], &b) && b, "\"%s\" is true", yes[i]);
		b = true;
		ok(suite_parse_bool(no[i], &b) && !b, "\"%s\" is false", no[i]);
	}
	bool b;
	ok(!suite_parse_bool("maybe", &b) && !suite_parse_bool("2", &b) &&
	   !suite_parse_bool("", &b), "maybe, 2 and \"\" are not booleans");
}

/* --- bad suites ------------------------------------------------------------- */

/* text must fail; the message names the source, the line and the key. */
static void bad(const char *text, int line, const char *key, const char *what)
{
	char want[128];

	parse(text);
	ok(err[0] != '\0', "bad: %s: an error", what);
	snprintf(want, sizeof(want), "suite \"t\" (test), line %d: ", line);
	if (!ok(strncmp(err, want, strlen(want)) == 0,
		"bad: %s: the message names the source and line %d", what, line))
		printf("#   got: \"%s\"\n", err);
	if (!ok(strstr(err, key) != NULL, "bad: %s: the message names %s", what, key))
		printf("#   got: \"%s\"\n", err);
}

/* text must fail with exactly msg. */
static void bad_is(const char *text, const char *msg, const char *what)
{
	is_str(parse(text), msg, "bad: %s: the message", what);
}

/* head, the workloads joined by ", " (bench/workloads/list.h, through the
 * registry), then tail. */
static const char *with_workloads(const char *head, const char *tail)
{
	static char buf[512];
	size_t used = (size_t)snprintf(buf, sizeof(buf), "%s", head);

	for (const struct workload_spec *const *w = workload_specs;
	     *w && used < sizeof(buf); w++)
		used += (size_t)snprintf(buf + used, sizeof(buf) - used, "%s%s",
					 w == workload_specs ? "" : ", ", (*w)->name);
	if (used < sizeof(buf))
		snprintf(buf + used, sizeof(buf) - used, "%s", tail);
	return buf;
}

static void bad_files(void)
{
	bad_is("[pgbench]\nclients = 2\ncolour = blue\n",
	       "suite \"t\" (test), line 3: unknown key \"colour\" in [pgbench]",
	       "unknown key");
	bad_is("[pgbench]\nscale = 1\n[pgbenhc]\nscale = 1\n",
	       with_workloads("suite \"t\" (test), line 3: unknown section [pgbenhc] "
			      "(sections: suite, filesystem, postgresql, sysctl, machine, ", ")"),
	       "unknown section");
	bad_is("[pgbenhc]\n[pgbench]\n",
	       with_workloads("suite \"t\" (test), line 1: unknown section [pgbenhc] "
			      "(sections: suite, filesystem, postgresql, sysctl, machine, ", ")"),
	       "unknown section without keys");
	/* 32^5 environments: refused without overflowing the count. */
	bad_is("[postgresql]\n"
	       "a = 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32\n"
	       "b = 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32\n"
	       "c = 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32\n"
	       "d = 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32\n"
	       "[fsync]\n",
	       "suite \"t\" (test): the matrix has more than 100000 cases", "too many cases");
	bad_is("[pgbench]\nscale = 1\n\nscale = 2\n",
	       "suite \"t\" (test), line 4: [pgbench] scale is set twice", "key twice");
	bad_is("[postgresql]\nfsync = off\nfsync = on\n[fsync]\n",
	       "suite \"t\" (test), line 3: [postgresql] fsync is set twice", "setting twice");
	bad_is("[pgbench]\n# a comment\nscale = ten\n",
	       "suite \"t\" (test), line 3: [pgbench] scale: \"ten\" is not a whole number "
	       "from 1 to 100000", "bad int");
	bad_is("[pgbench]\nclients = 1,0\n",
	       "suite \"t\" (test), line 2: [pgbench] clients: \"0\" is not a whole number "
	       "from 1 to 1000", "out of range in a list");
	bad_is("[suite]\nrepeats = 101\n[fsync]\n",
	       "suite \"t\" (test), line 2: [suite] repeats: \"101\" is not a whole number "
	       "from 1 to 100", "out of range");
	bad_is("[seqscan]\nsize = 16Q\n",
	       "suite \"t\" (test), line 2: [seqscan] size: \"16Q\" is not a size from "
	       "1048576 to 1099511627776 bytes (a number with k, M, G or T)", "bad size");
	bad_is("[rawio]\nsize = 512k\n",
	       "suite \"t\" (test), line 2: [rawio] size: \"512k\" is not a size from "
	       "1048576 to 1099511627776 bytes (a number with k, M, G or T)", "size too small");
	bad_is("[filesystem]\ndiscard = maybe\n[fsync]\n",
	       "suite \"t\" (test), line 2: [filesystem] discard: \"maybe\" is not 0 or 1",
	       "bad bool");
	bad_is("[pgbench]\nprotocol = http\n",
	       "suite \"t\" (test), line 2: [pgbench] protocol: \"http\" is not one of: "
	       "simple, extended, prepared", "bad choice");
	bad_is("[filesystem]\ntype = ext4,btrfs\n[fsync]\n",
	       "suite \"t\" (test), line 2: [filesystem] type: \"btrfs\" is not one of: "
	       "ext2, ext3, ext4, xfs", "bad choice in a list");
	bad_is("[pgbench]\nwarmup_s = 1,2\n",
	       "suite \"t\" (test), line 2: [pgbench] warmup_s takes one value, not a list",
	       "a list where one value is allowed");
	bad_is("[suite]\nrepeats = 1,2\n[fsync]\n",
	       "suite \"t\" (test), line 2: [suite] repeats takes one value, not a list",
	       "[suite] repeats is not a list");
	bad_is("[pgbench]\nclients = 1,,2\n",
	       "suite \"t\" (test), line 2: [pgbench] clients: empty value in the list",
	       "empty list item");
	bad_is("[pgbench]\nclients = 1,2,\n",
	       "suite \"t\" (test), line 2: [pgbench] clients: empty value in the list",
	       "empty last list item");
	bad_is("[postgresql]\nwork_mem = 1MB, ''\n[fsync]\n",
	       "suite \"t\" (test), line 2: [postgresql] work_mem: empty value in the list",
	       "empty quoted value");
	bad_is("[pgbench]\nwarmup_s =\n",
	       "suite \"t\" (test), line 2: [pgbench] warmup_s: empty value",
	       "empty number");
	bad_is("[postgresql]\nshared buffers = 1GB\n[fsync]\n",
	       "suite \"t\" (test), line 2: [postgresql] \"shared buffers\" is not a "
	       "PostgreSQL setting name", "bad setting name");
	bad_is("[pgbench]\nthis is not ini\n",
	       "suite \"t\" (test), line 2: syntax error", "syntax error");

	/* Whole-suite checks: blamed on the key's line. */
	bad_is("[filesystem]\ntype = ext4,ext2\nfeatures = has_journal\n[fsync]\n",
	       "suite \"t\" (test), line 3: [filesystem] features: a feature list is for "
	       "one filesystem type, but type lists 2", "features with two fs types");
	bad_is("[filesystem]\ntype = xfs\ninode_ratio = 16384\n[fsync]\n",
	       "suite \"t\" (test), line 3: [filesystem] inode_ratio: xfs has no "
	       "bytes-per-inode ratio", "inode_ratio with xfs");
	bad_is("[filesystem]\ntype = ext3,ext2,xfs\ninode_ratio = 16384\n[fsync]\n",
	       "suite \"t\" (test), line 3: [filesystem] inode_ratio: xfs has no "
	       "bytes-per-inode ratio", "inode_ratio with xfs in a list of types");
	is_str(parse("[filesystem]\ntype = ext2,ext3,ext4\ninode_ratio = 16384\n[fsync]\n"),
	       "", "inode_ratio with every ext type");
	bad_is("[suite]\nbetween = checkpoint, vacuum\n[fsync]\n",
	       "suite \"t\" (test), line 2: [suite] between: \"vacuum\" is not one of: "
	       "checkpoint, sync, drop_caches, none", "bad between");
	is_str(parse("[suite]\nbetween = none\n[fsync]\n"), "", "between = none");
	is_str(parse("[suite]\nbetween = drop_caches, sync,checkpoint\n[fsync]\n"), "",
	       "between with all three actions");
	bad_is("[suite]\nrepeats = 2\n[filesystem]\ntype = ext4\n",
	       with_workloads("suite \"t\" (test): no workload section (", ")"),
	       "no workload section");
	bad_is("", with_workloads("suite \"t\" (test): no workload section (", ")"),
	       "an empty suite");
	bad_is("[pgbench]\nscale = 1\nscript = custom\n",
	       "suite \"t\" (test), line 3: [pgbench] script: custom needs custom_script",
	       "pgbench custom without custom_script");
	bad_is("[pgbench]\ncustom_script = x.sql\n",
	       "suite \"t\" (test), line 2: [pgbench] custom_script: used only with "
	       "script = custom", "custom_script without script = custom");
	is_str(parse("[pgbench]\nscript = custom,select-only\ncustom_script = x.sql\n"), "",
	       "pgbench custom with custom_script");
	bad_is("[pgbench]\nclients = 2,8\nthreads = 4\n",
	       "suite \"t\" (test), line 3: [pgbench] threads: 4 is more than clients (2)",
	       "pgbench threads above the smallest client count");
	bad_is("[pgbench]\nthreads = many\n",
	       "suite \"t\" (test), line 2: [pgbench] threads: \"many\" is neither "
	       "\"clients\" nor a number from 1 to 1000", "pgbench bad threads");
	bad_is("[pgbench]\ntransactions = 100\nwarmup_s = 2\n",
	       "suite \"t\" (test), line 3: [pgbench] warmup_s: no warm-up with "
	       "transactions (-t)", "pgbench warm-up with -t");
	bad_is("[insert]\nrows = 1000,100\nbatch = 10, 500\n",
	       "suite \"t\" (test), line 3: [insert] batch: 500 is larger than rows (100)",
	       "insert batch > rows");
	bad_is("[rawio]\nsize = 1M\nblock_size = 64k,2M\n",
	       "suite \"t\" (test), line 3: [rawio] block_size: 2M is larger than size (1M)",
	       "rawio block_size > size");

	/* A default to blame: the line of its section. */
	bad_is("[fsync]\n[insert]\nrows = 50\n",
	       "suite \"t\" (test), line 2: [insert] batch: 100 is larger than rows (50)",
	       "insert rows below the default batch");

	/* The same, line and key, whatever else is in the file. */
	bad("[suite]\ndescription = x\n\n[pgbench]\nscale = 1\n  clients = 2, x\n",
	    6, "clients", "indented key");
	bad("; comment\n[timer]\nsamples = 0\n", 3, "samples", "timer samples 0");
	bad("[oltp]\nmode = read-only,write-only\n", 2, "mode", "oltp mode");
	bad("[insert]\nmethod = copy\n", 2, "method", "insert method");
	bad("[fsync]\nseconds_per_test = 0\n", 2, "seconds_per_test", "fsync seconds 0");
	bad("[seqscan]\nparallel = 2\n", 2, "parallel", "seqscan parallel");
	bad("[filesystem]\nblock_size = 128k\n[fsync]\n", 2, "block_size",
	    "filesystem block_size too big");
	bad("[filesystem]\nprofile = newest\n[fsync]\n", 2, "profile", "filesystem profile");
	bad("[suite]\nmin_target_mib = 8\n[fsync]\n", 2, "min_target_mib",
	    "min_target_mib too small");
	bad("[suite]\ncov_warn_pct = 0\n[fsync]\n", 2, "cov_warn_pct", "cov_warn_pct 0");

	/* No key of any section is required: absent keys take their default. */
	bool all = true;
	for (const struct workload_spec *const *w = workload_specs; *w; w++)
		for (const struct suite_key *k = (*w)->keys; k->name; k++)
			all &= k->fallback != NULL;
	ok(all, "every workload key has a default (none is required)");
}

/* --- suite files on disk ------------------------------------------------------ */

static int write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

static void files(void)
{
	char dir[] = "/tmp/bench-suite-XXXXXX";
	char path[128], sub[128];
	static const char mine[] = "[timer]\nsamples = 5\n";
	static const char quick[] = "[suite]\nrepeats = 3\n[fsync]\nseconds_per_test = 1\n";

	ok(mkdtemp(dir) != NULL, "files: a temporary directory");
	snprintf(path, sizeof(path), "%s/mine.ini", dir);
	ok(write_file(path, mine) == 0, "files: mine.ini written");

	is_int(suite_read_file(path, &s, err, sizeof(err)), 0, "files: mine.ini is read");
	is_str(s.name, "mine", "files: named after the file without .ini");
	is_str(s.source, path, "files: the source is the file");
	is_str(s.dir, dir, "files: dir is the file's directory");
	is_str(s.text, mine, "files: the text as read");
	struct bench_case c;
	suite_case(&s, 0, &c);
	is_str(c.id, "timer-n5-d3", "files: the values of the file");
	suite_free(&s);
	ok(s.file_text == NULL, "files: suite_free releases the text");

	/* A suite file in the directory overrides the built-in one. */
	snprintf(sub, sizeof(sub), "%s/quick.ini", dir);
	ok(write_file(sub, quick) == 0, "files: quick.ini written");
	is_int(suite_lookup_in(dir, "quick", &s, err, sizeof(err)), 0,
	       "files: quick found in the directory");
	is_str(s.source, sub, "files: DIR/quick.ini is preferred to the built-in quick");
	is_str(s.dir, dir, "files: its directory");
	is_int(s.repeats, 3, "files: its values");
	is_int(suite_case_count(&s), 3, "files: its cases");
	suite_free(&s);
	is_int(suite_lookup_in(dir, "mine", &s, err, sizeof(err)), 0,
	       "files: a suite that only the directory has");
	is_str(s.name, "mine", "files: its name");
	suite_free(&s);
	is_int(suite_lookup_in(dir, "nosuch", &s, err, sizeof(err)), -1,
	       "files: a suite in neither");
	char want[600];
	snprintf(want, sizeof(want),
		 "unknown suite \"nosuch\" (built-in suites: %s; none in %s)",
		 builtin_names(), dir);
	is_str(err, want, "files: the message names the built-ins and the directory");
	unlink(sub);
	is_int(suite_lookup_in(dir, "quick", &s, err, sizeof(err)), 0,
	       "files: without quick.ini, the built-in quick");
	is_str(s.source, "built-in", "files: source built-in");

	/* A bad suite file names the file. */
	ok(write_file(sub, "[fsync]\nseconds_per_test = soon\n") == 0, "files: a bad quick.ini");
	is_int(suite_lookup_in(dir, "quick", &s, err, sizeof(err)), -1,
	       "files: a bad DIR/quick.ini is an error, not the built-in");
	snprintf(want, sizeof(want), "suite \"quick\" (%s), line 2: [fsync] seconds_per_test: "
		 "\"soon\" is not a whole number from 1 to 600", sub);
	is_str(err, want, "files: the message names the file, line and key");
	unlink(sub);

	is_int(suite_read_file("/nonexistent/x.ini", &s, err, sizeof(err)), -1,
	       "files: a missing suite file");
	is_str(err, "could not read suite file \"/nonexistent/x.ini\": "
	       "No such file or directory", "files: the message names the file and the error");
	is_int(suite_read_file(dir, &s, err, sizeof(err)), -1, "files: a directory");
	ok(strstr(err, dir) != NULL, "files: the message names the directory");
	unlink(path);
	rmdir(dir);
}

/* --- the matrix ------------------------------------------------------------------ */

/* A suite with several dimensions everywhere; [postgresql] comes before
 * [filesystem] in the file, yet its dimensions vary faster. */
static const char matrix_text[] =
	"[suite]\n"
	"repeats = 2\n"
	"[postgresql]\n"
	"fsync = on,off\n"
	"wal_buffers = 16MB\n"
	"[filesystem]\n"
	"type = ext4,xfs\n"
	"readahead_kb = 0,128,4096\n"
	"[insert]\n"
	"rows = 100,1000\n"
	"batch = 10\n"
	"unlogged = 0,1\n"
	"[pgbench]\n"
	"clients = 1,4\n"
	"protocol = simple,prepared\n"
	"scale = 8\n"
	"[fsync]\n";

static void matrix(void)
{
	struct bench_case c;

	is_str(parse(matrix_text), "", "matrix: the suite parses");
	/* envs: 2 types x 3 readaheads x 2 fsync = 12;
	 * per env: (insert 2 x 2 + pgbench 2 x 2 + fsync 1) x 2 repeats = 18. */
	size_t n = suite_case_count(&s);
	is_int(n, 12 * 18, "matrix: envs x sum(combinations x repeats)");

	struct bench_case *all = calloc(n, sizeof(*all));
	for (size_t i = 0; i < n; i++)
		suite_case(&s, i, &all[i]);

	/* Index 0. */
	c = all[0];
	is_int(c.index, 0, "matrix: case 0's index");
	is_int(c.env, 0, "matrix: case 0's env");
	is_str(c.workload, "insert", "matrix: workloads in file order: insert first");
	is_int(c.repeat, 1, "matrix: repeat 1 first");
	is_str(c.id, "insert-r100-b10-prepared-type-ext4-readahead_kb-0-fsync-on-r1",
	       "matrix: case 0's id");
	is_str(c.group, "insert-r100-b10-prepared-type-ext4-readahead_kb-0-fsync-on",
	       "matrix: case 0's group");
	c = all[1];
	is_int(c.repeat, 2, "matrix: the repeats innermost");
	is_str(c.group, all[0].group, "matrix: repeats share the group");
	is_str(c.id, "insert-r100-b10-prepared-type-ext4-readahead_kb-0-fsync-on-r2",
	       "matrix: -r2");
	c = all[2];
	is_str(case_param(&c, "rows"), "100", "matrix: the first key of a workload varies slowest");
	is_int(case_param_number(&c, "unlogged"), 1, "matrix: the last key fastest");
	is_str(c.id, "insert-r100-b10-prepared-unlogged-type-ext4-readahead_kb-0-fsync-on-r1",
	       "matrix: case 2's id");
	c = all[4];
	is_str(case_param(&c, "rows"), "1000", "matrix: then the next rows");
	is_int(case_param_number(&c, "unlogged"), 0, "matrix: unlogged back to 0");
	c = all[8];
	is_str(c.workload, "pgbench", "matrix: pgbench after insert's 8 cases");
	is_str(c.id, "pgbench-tpcb-like-s8-c1-simple-type-ext4-readahead_kb-0-fsync-on-r1",
	       "matrix: a pgbench id with its list keys");
	c = all[10];
	is_str(case_param(&c, "protocol"), "prepared", "matrix: protocol faster than clients");
	is_int(case_param_number(&c, "clients"), 1, "matrix: clients still 1");
	c = all[12];
	is_int(case_param_number(&c, "clients"), 4, "matrix: then clients 4");
	c = all[16];
	is_str(c.workload, "fsync", "matrix: fsync last");
	is_str(c.id, "fsync-s2-type-ext4-readahead_kb-0-fsync-on-r1", "matrix: the fsync id");
	c = all[17];
	is_int(c.repeat, 2, "matrix: fsync's second repeat");
	is_int(c.env, 0, "matrix: still env 0");

	/* Environments: type slowest, then readahead_kb, then fsync. */
	c = all[18];
	is_int(c.env, 1, "matrix: case 18 is env 1");
	is_str(case_value(&c, "postgresql", "fsync"), "off",
	       "matrix: [postgresql] varies faster than [filesystem]");
	is_str(case_value(&c, "filesystem", "readahead_kb"), "0", "matrix: readahead still 0");
	is_str(case_value(&c, "filesystem", "type"), "ext4", "matrix: type still ext4");
	c = all[36];
	is_int(c.env, 2, "matrix: case 36 is env 2");
	is_str(case_value(&c, "filesystem", "readahead_kb"), "128", "matrix: readahead 128");
	is_str(case_value(&c, "postgresql", "fsync"), "on", "matrix: fsync back on");
	c = all[6 * 18];
	is_int(c.env, 6, "matrix: env 6");
	is_str(case_value(&c, "filesystem", "type"), "xfs", "matrix: env 6 is the first xfs one");
	is_int(case_number(&c, "filesystem", "readahead_kb"), 0, "matrix: with readahead 0");
	is_str(case_value(&c, "postgresql", "wal_buffers"), "16MB",
	       "matrix: a one-value [postgresql] key");
	c = all[n - 1];
	is_int(c.env, 11, "matrix: the last case is env 11");
	is_int(c.index, (long long)n - 1, "matrix: the last index");
	is_str(c.id, "fsync-s2-type-xfs-readahead_kb-4096-fsync-off-r2", "matrix: the last id");

	bool env_ok = true, index_ok = true, repeat_ok = true, suffix_ok = true;
	for (size_t i = 0; i < n; i++) {
		env_ok &= all[i].env == (int)(i / 18);
		index_ok &= all[i].index == (int)i;
		repeat_ok &= all[i].repeat == (int)(i % 2) + 1;
		char want[160];
		snprintf(want, sizeof(want), "%s-r%d", all[i].group, all[i].repeat);
		suffix_ok &= strcmp(all[i].id, want) == 0;
	}
	ok(env_ok, "matrix: env numbers: index / cases per env");
	ok(index_ok, "matrix: indexes 0 .. n-1");
	ok(repeat_ok, "matrix: repeats alternate 1, 2");
	ok(suffix_ok, "matrix: every id is its group and -r<repeat>");

	size_t dup_ids = 0, dup_groups = 0, groups_shared = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			dup_ids += strcmp(all[i].id, all[j].id) == 0;
			if (strcmp(all[i].group, all[j].group) == 0) {
				if (j == i + 1 && all[i].repeat == 1 && all[j].repeat == 2)
					groups_shared++;
				else
					dup_groups++;
			}
		}
	is_int(dup_ids, 0, "matrix: ids unique (all pairs)");
	is_int(dup_groups, 0, "matrix: groups unique but for repeats (all pairs)");
	is_int(groups_shared, n / 2, "matrix: each group has exactly its 2 repeats");

	/* Same environment, same env number; different, different. */
	bool env_same = true;
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			bool same = strcmp(case_value(&all[i], "filesystem", "type"),
					   case_value(&all[j], "filesystem", "type")) == 0 &&
				strcmp(case_value(&all[i], "filesystem", "readahead_kb"),
				       case_value(&all[j], "filesystem", "readahead_kb")) == 0 &&
				strcmp(case_value(&all[i], "postgresql", "fsync"),
				       case_value(&all[j], "postgresql", "fsync")) == 0;
			env_same &= same == (all[i].env == all[j].env);
		}
	ok(env_same, "matrix: the env number is the environment (all pairs)");
	free(all);

	/* One repeat: no -r suffix, and env dims only where there is a list. */
	is_str(parse("[filesystem]\nscheduler = none, mq-deadline\n"
		     "mount_options = noatime,nobarrier\n"
		     "[postgresql]\ndefault_statistics_target = 100\n"
		     "[timer]\nsamples = 10,20\n"), "", "matrix: one repeat");
	is_int(suite_case_count(&s), 4, "matrix: 2 schedulers x 2 sample counts");
	suite_case(&s, 0, &c);
	is_str(c.id, "timer-n10-d3-scheduler-none", "matrix: no -r<N> with one repeat");
	is_str(c.group, c.id, "matrix: the group is the id");
	is_int(c.repeat, 1, "matrix: repeat 1");
	is_str(case_value(&c, "filesystem", "mount_options"), "noatime,nobarrier",
	       "matrix: mount_options is one value with its comma");
	suite_case(&s, 3, &c);
	is_str(c.id, "timer-n20-d3-scheduler-mq-deadline", "matrix: a value with '-' is kept");
	is_int(c.env, 1, "matrix: env 1");

	/* Characters outside [A-Za-z0-9_.-] become '_' in an env word. */
	is_str(parse("[postgresql]\nsearch_path = 'a b', public\n[fsync]\n"), "",
		"matrix: a [postgresql] list with a space");
	suite_case(&s, 0, &c);
	is_str(c.id, "fsync-s2-search_path-a_b", "matrix: a space becomes _");
	is_str(case_value(&c, "postgresql", "search_path"), "a b", "matrix: the value itself is kept");
	is_int(case_number(&c, "postgresql", "search_path"), 0, "matrix: text as a number is 0");
	suite_case(&s, 1, &c);
	is_str(c.id, "fsync-s2-search_path-public", "matrix: the second value");
	ok(case_value(&c, "nosuch", "key") == NULL, "matrix: no value of an unknown section");
	is_int(case_number(&c, "nosuch", "key"), 0, "matrix: and no number");
}

/* describe's lines of a suite: filesystems=, each type the environments
 * format once, in the order of the table of types, as mount(2) names it;
 * cluster=, load= and first_load.N=, the load each environment runs first
 * (its first case's, bench/suite/first_loads.h), which qemu/run holds
 * against the image's loaded template. */
static void describe_lines(void)
{
	static const struct {
		const char *text, *lines, *what;
	} cases[] = {
		{ "[fsync]\n", "filesystems=ext4\n", "no [filesystem]: ext4, the type's fallback" },
		{ "[filesystem]\ntype = xfs\nscheduler = none, bfq\n[fsync]\n",
		  "filesystems=xfs\n", "one type in two environments, once" },
		{ "[filesystem]\ntype = xfs, ext3, xfs\n[fsync]\n[timer]\n",
		  "filesystems=ext3 xfs\n", "a list: each type once, in the table's order" },
		{ "[timer]\n", "cluster=auto\nload=auto\ncases=", "no pgbench: no load" },
		{ "[pgbench]\nscale = 1\n[timer]\n",
		  "load=auto\nfirst_load.0=pgbench -i -q -s 1 -I dtgvp\ncases=",
		  "pgbench first at scale 1: pgbench's steps" },
		{ "[timer]\n[pgbench]\nscale = 1\n", "load=auto\ncases=",
		  "pgbench after the timer in one environment: not its first load" },
		{ "[suite]\nload = run\ncluster = initdb\n[filesystem]\ntype = ext4, xfs\n"
		  "[pgbench]\nscale = 1, 20\nfillfactor = 90\n",
		  "cluster=initdb\nload=run\n"
		  "first_load.0=pgbench -i -q -s 1 -I dtgvp --fillfactor=90\n"
		  "first_load.1=pgbench -i -q -s 1 -I dtgvp --fillfactor=90\ncases=",
		  "two environments, each its first case's load, the keys' words in it; "
		  "cluster and load as the suite says" },
		{ "[pgbench]\nscale = 20\n", "first_load.0=pgbench -i -q -s 20 -I dtGvp\n",
		  "scale 20: the server's steps" },
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *d;

		is_str(parse(cases[i].text), "", "describe: parse a suite (%s)", cases[i].what);
		d = describe_text(&s);
		ok(d && strstr(d, cases[i].lines) != NULL, "describe: %s", cases[i].what);
		if (!d || !strstr(d, cases[i].lines))
			printf("# got:\n%s", d ? d : "(nothing)\n");
		free(d);
	}
}

int main(void)
{
	quick();
	describe_lines();
	good();
	bad_files();
	files();
	matrix();
	return tap_done();
}
