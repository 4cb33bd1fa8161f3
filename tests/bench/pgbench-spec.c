/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The [pgbench] and [oltp] sections: impossible combinations refused with
 * the key to blame (a rate of 0, init_steps with a letter pgbench does
 * not know, ...), case names unique across a matrix, and what the keys'
 * values mean (init_steps = auto, rates).
 */
#include "bench/suite/matrix.h"
#include "bench/suite/suite_parse.h"
#include "bench/suite/workload_spec.h"
#include "bench/workloads/pgbench/pgbench_keys.h"
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

/* rate, latency_limit and the keys of pgbench -i. */
static void scale_checks(void)
{
	is_str(parse("[pgbench]\nrate = 0\n"),
	       "suite \"t\" (test), line 6: [pgbench] rate: \"0\" is not a rate: "
	       "transactions per second above 0 and up to 10000000, or none", "a rate of 0");
	is_str(parse("[pgbench]\nrate = 100, fast\n"),
	       "suite \"t\" (test), line 6: [pgbench] rate: \"fast\" is not a rate: "
	       "transactions per second above 0 and up to 10000000, or none",
	       "a rate that is not a number");
	is_str(parse("[pgbench]\nlatency_limit = -5\n"),
	       "suite \"t\" (test), line 6: [pgbench] latency_limit: \"-5\" is not a "
	       "limit: milliseconds above 0 and up to 1000000, or none", "a negative limit");
	is_str(parse("[pgbench]\nlatency_limit = 50\nlog = seconds\n"),
	       "suite \"t\" (test), line 6: [pgbench] latency_limit: needs a log of "
	       "transactions to count the late ones, not log = seconds",
	       "a latency limit with a log of seconds");
	is_str(parse("[pgbench]\noverrun_s = 0\n"),
	       "suite \"t\" (test), line 6: [pgbench] overrun_s: \"0\" is not a whole number from 1 to 86400",
	       "an overrun of 0 s");
	is_str(parse("[pgbench]\ninit_steps = dtxvp\n"),
	       "suite \"t\" (test), line 6: [pgbench] init_steps: \"dtxvp\" has a letter "
	       "pgbench does not know: auto, or steps of pgbench -i from d t g G v p f",
	       "init_steps with a letter pgbench does not know");
	is_str(parse("[pgbench]\npartition_method = hash\n"),
	       "suite \"t\" (test), line 6: [pgbench] partition_method: needs "
	       "partitions above 0", "a partition method without partitions");
	is_str(parse("[pgbench]\nfillfactor = 5\n"),
	       "suite \"t\" (test), line 6: [pgbench] fillfactor: \"5\" is not a whole "
	       "number from 10 to 100", "a fill factor below pgbench's 10");

	is_str(parse("[pgbench]\nscript = select-only\nrate = none, 20, 2.5\n"
		     "latency_limit = 100\ninit_steps = dtGvpf\npartitions = 0, 8\n"
		     "partition_method = hash\nfillfactor = 90\nunlogged = yes\n"), "",
	       "rates, a limit and pgbench -i's keys parse");
	is_str(ids(), "pgbench-select-only-s1-c1-p0 pgbench-select-only-s1-c1-p8 "
	       "pgbench-select-only-s1-c1-p0-R20 pgbench-select-only-s1-c1-p8-R20 "
	       "pgbench-select-only-s1-c1-p0-R2.5 pgbench-select-only-s1-c1-p8-R2.5",
	       "a rate shows in the name, a list of partitions too");

	is_str(pgbench_init_steps("auto", PGBENCH_SERVER_SCALE - 1), "dtgvp",
	       "auto below scale %d: the client makes the rows", PGBENCH_SERVER_SCALE);
	is_str(pgbench_init_steps("auto", PGBENCH_SERVER_SCALE), "dtGvp",
	       "auto from scale %d: the server makes them", PGBENCH_SERVER_SCALE);
	is_str(pgbench_init_steps("dtg", 1000), "dtg", "steps given are taken as they are");
	double v = -1;
	ok(pgbench_parse_positive("none", 10, &v) && v == 0, "none: 0");
	ok(pgbench_parse_positive("2.5", 10, &v) && v == 2.5, "2.5");
	ok(!pgbench_parse_positive("11", 10, &v), "above the largest: refused");
	ok(!pgbench_parse_positive("nan", 10, &v), "not a number: refused");
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
	scale_checks();
	oltp_checks();
	suite_free(&s);
	return tap_done();
}
