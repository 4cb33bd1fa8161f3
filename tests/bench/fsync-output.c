/* SPDX-License-Identifier: GPL-2.0-only */
/* Reading pg_test_fsync's output. */
#include "bench/workloads/fsync/fsync_output.h"
#include "tap.h"

/* pg_test_fsync 18.6 -s 1 on ext4 on a loop device, as the image runs it. */
static const char *const captured[] = {
	"1 second per test",
	"O_DIRECT supported on this platform for open_datasync and open_sync.",
	"",
	"Compare file sync methods using one 8kB write:",
	"(in \"wal_sync_method\" preference order, except fdatasync is Linux's default)",
	"        open_datasync                      3021.773 ops/sec     331 usecs/op",
	"        fdatasync                          2910.590 ops/sec     344 usecs/op",
	"        fsync                              3052.683 ops/sec     328 usecs/op",
	"        fsync_writethrough                              n/a",
	"        open_sync                          2466.905 ops/sec     405 usecs/op",
	"",
	"Compare file sync methods using two 8kB writes:",
	"(in \"wal_sync_method\" preference order, except fdatasync is Linux's default)",
	"        open_datasync                      1334.828 ops/sec     749 usecs/op",
	"        fdatasync                          3044.565 ops/sec     328 usecs/op",
	"        fsync                              2775.987 ops/sec     360 usecs/op",
	"        fsync_writethrough                              n/a",
	"        open_sync                          1332.211 ops/sec     751 usecs/op",
	"",
	"Compare open_sync with different write sizes:",
	"(This is designed to compare the cost of writing 16kB in different write",
	"open_sync sizes.)",
	"         1 * 16kB open_sync write          2484.585 ops/sec     402 usecs/op",
	"         2 *  8kB open_sync writes         1262.035 ops/sec     792 usecs/op",
	"         4 *  4kB open_sync writes          593.695 ops/sec    1684 usecs/op",
	"         8 *  2kB open_sync writes          286.769 ops/sec    3487 usecs/op",
	"        16 *  1kB open_sync writes          144.529 ops/sec    6919 usecs/op",
	"",
	"Test if fsync on non-write file descriptor is honored:",
	"(If the times are similar, fsync() can sync data written on a different",
	"descriptor.)",
	"        write, fsync, close                2189.356 ops/sec     457 usecs/op",
	"        write, close, fsync                2114.700 ops/sec     473 usecs/op",
	"",
	"Non-sync'ed 8kB writes:",
	"        write                            556008.619 ops/sec       2 usecs/op",
	NULL,
};

static void read_lines(struct fsync_report *r, const char *const *lines,
		       int *results)
{
	*results = 0;
	for (size_t i = 0; lines[i]; i++)
		if (fsync_report_line(r, lines[i]))
			(*results)++;
}

static void captured_output(void)
{
	struct fsync_report r;
	char err[256];
	int results;

	fsync_report_init(&r);
	read_lines(&r, captured, &results);
	is_int(results, 16, "16 result lines");
	is_int((long long)r.n, 16, "16 results kept");
	is_int(r.seconds_per_test, 1, "seconds per test");
	ok(fsync_report_check(&r, err, sizeof(err)) == 0, "report is complete");

	is_num(fsync_report_get(&r, "open_datasync_ops_s"), 3021.773, "open_datasync");
	is_num(fsync_report_get(&r, "fdatasync_ops_s"), 2910.590, "fdatasync");
	is_num(fsync_report_get(&r, "fsync_ops_s"), 3052.683, "fsync");
	is_num(fsync_report_get(&r, "open_sync_ops_s"), 2466.905, "open_sync");
	is_num(fsync_report_get(&r, "fsync_writethrough_ops_s"), -1,
	       "n/a: fsync_writethrough has no metric");
	is_num(fsync_report_get(&r, "two_writes_open_datasync_ops_s"), 1334.828,
	       "two writes: open_datasync");
	is_num(fsync_report_get(&r, "two_writes_fdatasync_ops_s"), 3044.565,
	       "two writes: fdatasync");
	is_num(fsync_report_get(&r, "two_writes_open_sync_ops_s"), 1332.211,
	       "two writes: open_sync");
	is_num(fsync_report_get(&r, "open_sync_16k_ops_s"), 2484.585, "1 * 16kB");
	is_num(fsync_report_get(&r, "open_sync_8k_ops_s"), 1262.035, "2 * 8kB");
	is_num(fsync_report_get(&r, "open_sync_4k_ops_s"), 593.695, "4 * 4kB");
	is_num(fsync_report_get(&r, "open_sync_2k_ops_s"), 286.769, "8 * 2kB");
	is_num(fsync_report_get(&r, "open_sync_1k_ops_s"), 144.529, "16 * 1kB");
	is_num(fsync_report_get(&r, "write_fsync_close_ops_s"), 2189.356,
	       "write, fsync, close");
	is_num(fsync_report_get(&r, "write_close_fsync_ops_s"), 2114.700,
	       "write, close, fsync");
	is_num(fsync_report_get(&r, "nonsync_write_ops_s"), 556008.619,
	       "non-sync'ed write");
	is_num(r.results[1].usecs_op, 344, "usecs/op of fdatasync");
	is_str(r.not_available, "fsync_writethrough two_writes_fsync_writethrough",
	       "the n/a methods are listed");
	is_int((long long)r.n_not_available, 2, "two n/a entries");
	ok(!r.direct_io_refused, "no n/a*: direct I/O was not refused");

	for (size_t i = 0; i < r.n; i++)
		ok(strlen(r.results[i].metric) < 48 &&
		   strspn(r.results[i].metric, "abcdefghijklmnopqrstuvwxyz0123456789_") ==
		   strlen(r.results[i].metric), "metric name %s is plain", r.results[i].metric);
}

/* A filesystem that refuses O_DIRECT: "n/a*", as printed by pg_test_fsync's
 * LABEL_FORMAT and NA_FORMAT, and its footnote. */
static void direct_io_refused(void)
{
	char a[128], b[128], c[128];
	const char *lines[] = {
		"2 seconds per test",
		"Compare file sync methods using one 8kB write:",
		a,
		"        fdatasync                           812.500 ops/sec    1231 usecs/op",
		b,
		"* This file system and its mount options do not support direct",
		"  I/O, e.g. ext4 in journaled mode.",
		"Compare open_sync with different write sizes:",
		c,
		NULL,
	};
	struct fsync_report r;
	int results;

	snprintf(a, sizeof(a), "        %-30s%21s", "open_datasync", "n/a*");
	snprintf(b, sizeof(b), "        %-30s%21s", "open_sync", "n/a*");
	snprintf(c, sizeof(c), "        %-30s%21s", "16 *  1kB open_sync writes", "n/a*");
	fsync_report_init(&r);
	read_lines(&r, lines, &results);
	is_int(results, 1, "one result line");
	is_int(r.seconds_per_test, 2, "seconds per test");
	ok(r.direct_io_refused, "n/a* means direct I/O was refused");
	is_str(r.not_available, "open_datasync open_sync open_sync_1k",
	       "the n/a* methods are listed");
	is_num(fsync_report_get(&r, "open_datasync_ops_s"), -1,
	       "no metric for open_datasync");
	is_num(fsync_report_get(&r, "fdatasync_ops_s"), 812.5, "fdatasync");
}

static void incomplete(void)
{
	const char *lines[] = {
		"Compare file sync methods using one 8kB write:",
		"        open_datasync                      3021.773 ops/sec     331 usecs/op",
		"pg_test_fsync: error: could not open output file: Permission denied",
		NULL,
	};
	struct fsync_report r;
	char err[256];
	int results;

	fsync_report_init(&r);
	read_lines(&r, lines, &results);
	is_int(results, 1, "one result before the error");
	ok(fsync_report_check(&r, err, sizeof(err)) < 0, "no fdatasync: incomplete");
	is_str(err, "pg_test_fsync printed no fdatasync rate for one 8kB write",
	       "the reason names fdatasync");

	/* Result-like lines before any section header are not results. */
	fsync_report_init(&r);
	ok(!fsync_report_line(&r, "        fdatasync   10.000 ops/sec  100000 usecs/op"),
	   "no result outside a section");
	ok(!fsync_report_line(&r, "Compare file sync methods using one 8kB write:"),
	   "a header is not a result");
	ok(!fsync_report_line(&r, "        fdatasync            garbage ops/sec"),
	   "a rate that is not a number is not a result");
}

int main(void)
{
	captured_output();
	direct_io_refused();
	incomplete();
	return tap_done();
}
