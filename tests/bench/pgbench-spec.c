/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The [pgbench] and [oltp] sections: impossible combinations refused with
 * the key to blame, and case names unique across a matrix.
 */
#include "bench/suite/matrix.h"
#include "bench/suite/suite_parse.h"
#include "bench/suite/workload_spec.h"
#include "tap.h"

static const char head[] =
	"[suite]\n"
	"min_target_mib = 256\n"
	"[filesystem]\n"
	"type = ext4\n";

static struct suite s;

/* Parse head + extra; the error ("" if none). */
static const char *parse(const char *extra)
{
	static char err[512];
	char text[2048];

	suite_free(&s);
	snprintf(text, sizeof(text), "%s%s", head, extra);
	err[0] = '\0';
	suite_parse("t", "test", text, &s, err, sizeof(err));
	return err;
}

/* The ids of all cases, joined by spaces. */
static const char *ids(void)
{
	static char buf[2048];
	struct bench_case c;
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < suite_case_count(&s) && used < sizeof(buf); i++) {
		suite_case(&s, i, &c);
		used += (size_t)snprintf(buf + used, sizeof(buf) - used, "%s%s",
					 i ? " " : "", c.id);
	}
	return buf;
}

static void pgbench_checks(void)
{
	is_str(parse("[pgbench]\nscript = tpcb-like\n"), "", "defaults parse");
	is_str(ids(), "pgbench-tpcb-like-s1-c1", "one case with the defaults");

	is_str(parse("[pgbench]\nscript = tpcb-like,custom\n"),
	       "suite \"t\" (test), line 6: [pgbench] script: custom needs custom_script",
	       "custom without custom_script");
	is_str(parse("[pgbench]\nscript = select-only\ncustom_script = x.sql\n"),
	       "suite \"t\" (test), line 7: [pgbench] custom_script: used only "
	       "with script = custom", "custom_script without custom");
	is_str(parse("[pgbench]\nclients = 2,8\nthreads = 4\n"),
	       "suite \"t\" (test), line 7: [pgbench] threads: 4 is more than "
	       "clients (2)", "threads above the smallest client count");
	is_str(parse("[pgbench]\nthreads = some\n"),
	       "suite \"t\" (test), line 6: [pgbench] threads: \"some\" is neither "
	       "\"clients\" nor a number from 1 to 1000", "threads not a number");
	is_str(parse("[pgbench]\ntransactions = 100\nwarmup_s = 2\n"),
	       "suite \"t\" (test), line 7: [pgbench] warmup_s: no warm-up with "
	       "transactions (-t)", "warm-up with -t");
	is_str(parse("[pgbench]\ntransactions = 100\nlog = seconds\n"),
	       "suite \"t\" (test), line 7: [pgbench] log: seconds needs "
	       "duration_s, not transactions (-t)", "a log of seconds with -t");
	is_str(parse("[pgbench]\nlog = seconds\n"), "", "a log of seconds parses");
	is_str(parse("[pgbench]\nlog = seconds, transactions\n"),
	       "suite \"t\" (test), line 6: [pgbench] log takes one value, not a list",
	       "log is not a dimension");
	is_str(parse("[pgbench]\nscript = custom\ncustom_script = x.sql\n"
		     "clients = 2\nthreads = 2\ntransactions = 10\n"), "",
	       "custom script, threads and -t parse");

	is_str(parse("[pgbench]\nscript = tpcb-like,select-only\nscale = 1,10\n"
		     "clients = 1,4\nduration_s = 5\n"), "", "a matrix parses");
	struct bench_case c;
	suite_case(&s, 0, &c);
	is_str(c.id, "pgbench-tpcb-like-s1-c1", "first case name");
	suite_case(&s, suite_case_count(&s) - 1, &c);
	is_str(c.id, "pgbench-select-only-s10-c4", "last case name");

	is_str(parse("[pgbench]\nduration_s = 5,10\nprotocol = simple,prepared\n"),
	       "", "duration and protocol lists parse");
	is_str(ids(), "pgbench-tpcb-like-s1-c1-d5-simple "
	       "pgbench-tpcb-like-s1-c1-d5-prepared "
	       "pgbench-tpcb-like-s1-c1-d10-simple "
	       "pgbench-tpcb-like-s1-c1-d10-prepared",
	       "a list of durations or protocols shows in the names");
}

static void oltp_checks(void)
{
	is_str(parse("[oltp]\nmode = read-only,read-write\nclients = 2,8\n"), "",
	       "oltp matrix parses");
	is_str(ids(), "oltp-read-only-t10000-c2 oltp-read-only-t10000-c8 "
	       "oltp-read-write-t10000-c2 oltp-read-write-t10000-c8",
	       "oltp case names");
	is_str(parse("[oltp]\nprotocol = simple,prepared\ntable_size = 500\n"), "",
	       "oltp protocol list parses");
	is_str(ids(), "oltp-read-only-t500-c1-simple oltp-read-only-t500-c1-prepared",
	       "a list of protocols shows in the names");
	const struct suite_param *p = suite_param(&s, "oltp", "duration_s");
	ok(p && p->n == 1 && strcmp(p->values[0], "10") == 0,
	   "duration_s defaults to 10");
	p = suite_param(&s, "oltp", "protocol");
	ok(p != NULL, "oltp has a protocol key");
}

int main(void)
{
	pgbench_checks();
	oltp_checks();
	suite_free(&s);
	return tap_done();
}
