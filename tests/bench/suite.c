/* Suites: the built-in quick suite, describe, parse errors, cases. */
#include "suite.h"
#include "tap.h"

#include <stdlib.h>
#include <unistd.h>

static struct suite s;

static void quick(void)
{
	char err[512] = "";

	is_int(suite_lookup("quick", &s, err, sizeof(err)), 0, "quick is found");
	is_str(err, "", "no error");
	is_str(s.name, "quick", "name");
	is_str(s.source, "built-in", "source");
	is_int(s.min_target_mib, 256, "min_target_mib");
	ok(!s.allow_unmarked && !s.needs_wal, "no unmarked partitions, no WAL device");
	is_str(s.fs.type, "ext4", "filesystem type");
	ok(strncmp(s.fs.features, "none,", 5) == 0, "feature list starts from none");
	ok(!strstr(s.fs.features, "orphan_file") && !strstr(s.fs.features, "metadata_csum_seed"),
	   "no feature that kernels before 5.15 cannot mount");
	ok(strstr(s.fs.features, "has_journal") && strstr(s.fs.features, "extent"),
	   "a journal and extents");
	ok(!s.fs.discard, "no discard");
	is_str(s.fs.mount_options, "noatime", "mount options");
	is_str(s.pgbench.script, "tpcb-like", "pgbench script");
	is_int(s.pgbench.scale, 1, "scale");
	is_int(s.pgbench.clients.n, 2, "two client counts");
	is_int(s.pgbench.clients.values[0], 1, "first client count");
	is_int(s.pgbench.clients.values[1], 2, "second client count");
	is_int(s.pgbench.duration_s, 5, "duration");
	is_str(s.pgbench.protocol, "simple", "protocol");
	ok(s.n_settings >= 1, "PostgreSQL settings");
	ok(strstr(s.text, "[pgbench]") != NULL, "the text as run is kept");
}

static void describe(void)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	suite_describe(&s, f);
	fclose(f);
	is_str(out,
	       "suite=quick\n"
	       "source=built-in\n"
	       "min_target_mib=256\n"
	       "allow_unmarked=0\n"
	       "needs_wal=0\n"
	       "filesystem=ext4\n"
	       "cases=2\n"
	       "case.0=pgbench-tpcb-like-s1-c1\n"
	       "case.1=pgbench-tpcb-like-s1-c2\n",
	       "describe quick");
	free(out);
}

static void unknown(void)
{
	char err[512];

	is_int(suite_lookup("nosuch", &s, err, sizeof(err)), -1, "unknown suite");
	is_str(err, "unknown suite \"nosuch\" (built-in suites: quick)",
	       "unknown suite message lists the built-in suites");
}

static const char base[] =
	"[suite]\nmin_target_mib = 100\n"
	"[filesystem]\ntype = ext4\nfeatures = none,has_journal\n"
	"[pgbench]\nscript = select-only\nscale = 3\nclients = 1, 4 ,8\n"
	"duration_s = 2\n";

/* Parse base with extra appended; return the error ("" if none). */
static const char *parse_with(const char *extra)
{
	static char err[512];
	char text[2048];

	snprintf(text, sizeof(text), "%s%s", base, extra);
	err[0] = '\0';
	suite_parse("t", "test", text, &s, err, sizeof(err));
	return err;
}

static void errors(void)
{
	is_str(parse_with(""), "", "minimal suite parses");
	is_int(s.pgbench.clients.n, 3, "list with spaces");
	is_int(s.pgbench.clients.values[2], 8, "last list value");
	is_str(s.pgbench.protocol, "simple", "protocol defaults to simple");
	is_str(s.fs.mount_options, "", "mount options default to none");

	is_str(parse_with("colour = blue\n"),
	       "suite \"t\" (test), line 11: unknown key \"colour\" in [pgbench]",
	       "unknown key names the line");
	is_str(parse_with("[pgbenhc]\nscale = 1\n"),
	       "suite \"t\" (test), line 12: unknown section [pgbenhc]",
	       "unknown section");
	is_str(parse_with("scale = 2\n"),
	       "suite \"t\" (test), line 11: scale is set twice in [pgbench]",
	       "key set twice");
	is_str(parse_with("[filesystem]\nblock_size = 4k\n"),
	       "suite \"t\" (test), line 12: block_size: \"4k\" is not a whole number >= 1024",
	       "bad number");
	is_str(parse_with("protocol = http\n"),
	       "suite \"t\" (test), line 11: protocol: \"http\" is not one of: simple, extended, prepared",
	       "bad choice lists the choices");
	is_str(parse_with("[filesystem]\ndiscard = maybe\n"),
	       "suite \"t\" (test), line 12: discard: \"maybe\" is not 0 or 1",
	       "bad boolean");
	is_str(parse_with("threads = 0\n"),
	       "suite \"t\" (test), line 11: threads: \"0\" is neither \"clients\" nor a whole number >= 1",
	       "bad thread count");
	is_str(parse_with("[postgresql]\nshared buffers = 1GB\n"),
	       "suite \"t\" (test), line 12: \"shared buffers\" is not a PostgreSQL setting name",
	       "bad setting name");
	is_str(parse_with("[postgresql]\nfsync = off\nfsync = on\n"),
	       "suite \"t\" (test), line 13: fsync is set twice",
	       "setting twice");
	is_str(parse_with("this is not ini\n"),
	       "suite \"t\" (test), line 11: syntax error", "syntax error");

	char err[512];
	is_int(suite_parse("t", "test", "[suite]\nmin_target_mib = 1\n", &s, err,
			   sizeof(err)), -1, "incomplete suite");
	is_str(err, "suite \"t\" (test): [filesystem] type is missing",
	       "first missing key is named");
}

static void cases(void)
{
	struct bench_case c;

	is_str(parse_with("threads = 2\nprotocol = prepared\n"), "", "suite with threads");
	is_int(suite_case_count(&s), 3, "one case per client count");
	suite_case(&s, 0, &c);
	is_int(c.pgbench.threads, 1, "threads never exceed clients");
	suite_case(&s, 2, &c);
	is_int(c.index, 2, "case index");
	is_int(c.pgbench.clients, 8, "clients of the case");
	is_int(c.pgbench.threads, 2, "threads as set");
	is_str(c.pgbench.protocol, "prepared", "protocol as set");
	is_str(c.id, "pgbench-select-only-s3-c8", "case id");

	is_str(parse_with("threads = clients\n"), "", "threads = clients");
	suite_case(&s, 1, &c);
	is_int(c.pgbench.threads, 4, "one thread per client");
}

static void files(void)
{
	char path[] = "/tmp/bench-suite-XXXXXX";
	char named[64], err[512];
	int fd = mkstemp(path);

	ok(fd >= 0, "temporary suite file");
	ok(write(fd, base, strlen(base)) == (ssize_t)strlen(base), "suite written");
	close(fd);
	snprintf(named, sizeof(named), "%s-mine.ini", path);
	ok(rename(path, named) == 0, "suite file named *.ini");

	is_int(suite_read_file(named, &s, err, sizeof(err)), 0, "suite file is read");
	ok(strncmp(s.name, "bench-suite-", 12) == 0 &&
	   strcmp(s.name + strlen(s.name) - 5, "-mine") == 0,
	   "named after the file without .ini");
	is_str(s.source, named, "source is the file");
	is_str(s.text, base, "text as read");
	is_int(s.pgbench.scale, 3, "values from the file");
	suite_free(&s);
	unlink(named);

	is_int(suite_read_file("/nonexistent/x.ini", &s, err, sizeof(err)), -1,
	       "missing suite file");
	is_str(err, "could not read suite file \"/nonexistent/x.ini\": "
	       "No such file or directory", "message names the file and the error");
	is_int(suite_read_file("/tmp", &s, err, sizeof(err)), -1, "a directory");
}

int main(void)
{
	quick();
	describe();
	unknown();
	errors();
	cases();
	files();
	return tap_done();
}
