/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * results.jsonl lines (format 2) for cases of a small suite (with a
 * workload's facts, one object per name), their fsync'd append, and the
 * validity warnings the engine adds (warnings.c).
 */
#include "bench/run/results.h"
#include "bench/msg.h"
#include "bench/run/run_state.h"
#include "bench/run/warnings.h"
#include "bench/suite/suite_parse.h"
#include "tap.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static struct suite s;
static struct run r;

static char *line_of(const struct results_line *m)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	results_write_line(f, m);
	fclose(f);
	return buf;
}

static void out_init(struct measurement_out *o)
{
	*o = (struct measurement_out){ .primary = "tps", .unit = "tps",
				       .higher_is_better = true };
}

static void lines(void)
{
	char err[512];
	struct bench_case c;
	struct measurement_out o;
	struct cpu_shares cpu = { 61.2, 20.1, 3.0, 15.2, 0.5 };
	struct disk_delta disk = { 0, 123456, 0, 42, 12.5 };
	struct monitor_summary mon = { .series = "series/pgbench-tpcb-like-s1-c2.sys.csv",
				       .rows = 5, .sampler_cpu_s = 0.012 };

	is_int(suite_parse("t", "test", "[postgresql]\nfsync = on\n"
			   "[pgbench]\nclients = 2\nduration_s = 5\n"
			   "[timer]\nsamples = 10\n", &s, err, sizeof(err)), 0,
	       "a small suite");
	suite_case(&s, 0, &c);
	out_init(&o);
	metric_set(&o, "tps", 812.4);
	metric_set(&o, "latency_p50_ms", 2.1);
	metric_set(&o, "tps", 812.5);           /* set again: replaced */
	snprintf(o.series, sizeof(o.series), "series/%s.csv", c.id);
	measure_warn(&o, "fits-in-ram", "dataset \"%s\" fits in %d MiB", "x", 15);
	measure_fact_text(&o, "percentiles", "method", "histogram");
	measure_fact_text(&o, "load", "init_steps", "dtgvp");
	measure_fact(&o, "percentiles", "sampling_rate", 0.25);

	struct quiet quiet = { .reached = true, .seconds = 0.01234, .sync_s = 0.004, .dirty_kib = 812,
			       .writeback_kib = 0, .polls = 1 };
	struct results_line m = {
		.run_id = "20261130T050000Z_6.12.57+deb13-cloud-amd64_ci-1",
		.c = &c, .out = &o, .mkfs_command = "/sbin/mkfs.ext4 -F /dev/vdb1",
		.cpu = &cpu, .disk_device = "vdb1", .disk = &disk, .monitors = &mon,
		.quiet = &quiet, .started_utc = "2026-11-30T05:00:41Z", .seconds = 5.25,
	};
	for (int k = 0; k < MONITOR_SUMMARY_FIGURES; k++)
		mon.stat[k] = (struct monitor_stat){ 5, 1.5 * k, 2.0 * k };
	mon.stat[5].n = mon.stat[6].n = mon.stat[7].n = 0;	/* no PSI */
	char *line = line_of(&m);
	is_str(line,
	       "{\"format_version\":2,"
	       "\"run_id\":\"20261130T050000Z_6.12.57+deb13-cloud-amd64_ci-1\","
	       "\"suite\":\"t\",\"case\":0,"
	       "\"id\":\"pgbench-tpcb-like-s1-c2\",\"group\":\"pgbench-tpcb-like-s1-c2\","
	       "\"workload\":\"pgbench\",\"repeat\":1,\"repeats\":1,"
	       "\"env\":{\"filesystem\":{\"type\":\"ext4\",\"profile\":\"compat\","
	       "\"features\":\"\",\"block_size\":\"0\",\"inode_size\":0,\"inode_ratio\":0,"
	       "\"discard\":false,\"mount_options\":\"noatime\",\"scheduler\":\"\","
	       "\"readahead_kb\":-1,\"write_cache\":\"kernel\",\"mkfs_command\":\"/sbin/mkfs.ext4 -F /dev/vdb1\"},"
	       "\"postgresql\":{\"fsync\":\"on\"}},"
	       "\"params\":{\"clients\":2,\"duration_s\":5,\"script\":\"tpcb-like\","
	       "\"custom_script\":\"\",\"scale\":1,\"threads\":\"clients\","
	       "\"transactions\":0,\"overrun_s\":120,\"protocol\":\"simple\",\"warmup_s\":0,"
	       "\"log\":\"auto\","
	       "\"rate\":\"none\",\"latency_limit\":\"none\",\"init_steps\":\"auto\","
	       "\"partitions\":0,\"partition_method\":\"range\",\"fillfactor\":100,"
	       "\"unlogged\":false,\"random_seed\":\"time\"},"
	       "\"metrics\":{\"tps\":812.5,\"latency_p50_ms\":2.1},"
	       "\"primary\":{\"metric\":\"tps\",\"unit\":\"tps\",\"higher_is_better\":true},"
	       "\"series\":\"series/pgbench-tpcb-like-s1-c2.csv\","
	       "\"cpu\":{\"user_pct\":61.2,\"system_pct\":20.1,\"iowait_pct\":3,"
	       "\"idle_pct\":15.2,\"other_pct\":0.5},"
	       "\"disk\":{\"device\":\"vdb1\",\"read_bytes\":0,\"write_bytes\":123456,"
	       "\"reads\":0,\"writes\":42,\"busy_pct\":12.5},"
	       "\"monitors\":{\"series\":\"series/pgbench-tpcb-like-s1-c2.sys.csv\",\"rows\":5,"
	       "\"sampler_cpu_s\":0.012,\"iowait_pct\":{\"mean\":0,\"p99\":0},"
	       "\"target_r_mb_s\":{\"mean\":1.5,\"p99\":2},"
	       "\"target_w_mb_s\":{\"mean\":3,\"p99\":4},"
	       "\"target_await_ms\":{\"mean\":4.5,\"p99\":6},"
	       "\"pgmajfault_per_s\":{\"mean\":6,\"p99\":8},"
	       "\"psi_cpu_some_avg10\":null,\"psi_io_some_avg10\":null,"
	       "\"psi_memory_some_avg10\":null,"
	       "\"ctxt_per_s\":{\"mean\":12,\"p99\":16}},"
	       "\"quiet\":{\"reached\":true,\"seconds\":0.0123,\"sync_s\":0.004,"
	       "\"dirty_kib\":812,\"writeback_kib\":0,\"lazyinit\":false,\"polls\":1,"
	       "\"still\":null},"
	       "\"percentiles\":{\"method\":\"histogram\",\"sampling_rate\":0.25},"
	       "\"load\":{\"init_steps\":\"dtgvp\"},"
	       "\"warnings\":[{\"code\":\"fits-in-ram\","
	       "\"message\":\"dataset \\\"x\\\" fits in 15 MiB\"}],"
	       "\"started_utc\":\"2026-11-30T05:00:41Z\",\"seconds\":5.25}\n",
	       "the whole line of a pgbench case");
	ok(line && strchr(line, '\n') == line + strlen(line) - 1, "one line, ending with a newline");
	free(line);

	/* Host mode: no mkfs command, no disk; no series, no warnings. */
	suite_case(&s, 1, &c);
	out_init(&o);
	o.primary = "nanosleep_min_us";
	o.unit = "us";
	o.higher_is_better = false;
	metric_set(&o, "nanosleep_min_us", 52.98);
	metric_set(&o, "select_min_us", 1e-7);
	metric_set(&o, "bad", 0.0 / 0.0);
	m.mkfs_command = NULL;
	m.disk_device = NULL;
	m.disk = NULL;
	m.cpu = NULL;
	m.monitors = NULL;
	m.quiet = NULL;
	line = line_of(&m);
	ok(line && strstr(line, "\"id\":\"timer-n10-d3\",\"group\":\"timer-n10-d3\","
			  "\"workload\":\"timer\""), "host mode: the timer case");
	ok(line && strstr(line, "\"filesystem\":{\"type\":\"ext4\"") &&
	   !strstr(line, "mkfs_command"), "host mode: no mkfs_command");
	ok(line && strstr(line, "\"params\":{\"samples\":10,\"duration_s\":3}"),
	   "host mode: the timer's params");
	ok(line && strstr(line, "\"metrics\":{\"nanosleep_min_us\":52.98,"
			  "\"select_min_us\":1e-07,\"bad\":null}"),
	   "host mode: metrics; a NaN is null");
	ok(line && strstr(line, "\"primary\":{\"metric\":\"nanosleep_min_us\",\"unit\":\"us\","
			  "\"higher_is_better\":false}"), "host mode: lower is better");
	ok(line && strstr(line, "\"series\":null,\"cpu\":null,\"disk\":null,\"monitors\":null,"
			  "\"quiet\":null,\"warnings\":[],"),
	   "host mode: series, cpu, disk, monitors and quiet null, no warnings");
	free(line);

	/* A disk device without its figures is no disk. */
	m.disk_device = "vdb1";
	line = line_of(&m);
	ok(line && strstr(line, "\"disk\":null"), "a device without a delta: disk null");
	free(line);

	/* Repeats, env dims, ids with -r. */
	is_int(suite_parse("t", "test", "[suite]\nrepeats = 2\n[filesystem]\n"
			   "type = ext4,xfs\ndiscard = on\n[seqscan]\nsize = 16M\n"
			   "parallel = yes\n", &s, err, sizeof(err)), 0, "a suite with repeats");
	suite_case(&s, 3, &c);
	out_init(&o);
	m.c = &c;
	line = line_of(&m);
	ok(line && strstr(line, "\"case\":3,\"id\":\"seqscan-s16M-parallel-type-xfs-r2\","
			  "\"group\":\"seqscan-s16M-parallel-type-xfs\","
			  "\"workload\":\"seqscan\",\"repeat\":2,\"repeats\":2,"),
	   "the second repeat of the xfs case");
	ok(line && strstr(line, "\"type\":\"xfs\""), "env has the case's type");
	ok(line && strstr(line, "\"discard\":true"), "a boolean as true");
	ok(line && strstr(line, "\"params\":{\"size\":\"16M\",\"parallel\":true,"
			  "\"raw_block_size\":\"1M\"}"), "sizes as written, booleans as such");
	free(line);

	m.run_id = "run \"7\"\\x";
	line = line_of(&m);
	ok(line && strstr(line, "\"run_id\":\"run \\\"7\\\"\\\\x\""), "run id is escaped");
	free(line);

	/* Appending: two lines, in order, fsync'd to the file. */
	char path[] = "/tmp/bench-results-XXXXXX";
	int fd = mkstemp(path);
	ok(fd >= 0, "temporary results file");
	m.run_id = "r1";
	suite_case(&s, 0, &c);
	is_int(results_append(fd, path, &m), 0, "first append");
	suite_case(&s, 1, &c);
	is_int(results_append(fd, path, &m), 0, "second append");
	close(fd);

	char buf[8192] = "";
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;
	if (f)
		fclose(f);
	buf[n] = '\0';
	char *second = strchr(buf, '\n');
	ok(second && strstr(buf, "\"case\":0,") && strstr(buf, "\"case\":0,") < second,
	   "first line is case 0");
	ok(second && strstr(second + 1, "\"case\":1,") != NULL, "second line is case 1");
	ok(second && strchr(second + 1, '\n') == buf + n - 1, "exactly two lines");
	ok(strncmp(buf, "{\"format_version\":2,", 20) == 0, "format_version 2 first");

	/* Appended, not written over. */
	fd = open(path, O_WRONLY | O_APPEND);
	is_int(results_append(fd, path, &m), 0, "append to a reopened file");
	close(fd);
	f = fopen(path, "r");
	n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;
	if (f)
		fclose(f);
	buf[n] = '\0';
	size_t nl = 0;
	for (char *p = buf; *p; p++)
		nl += *p == '\n';
	is_int(nl, 3, "three lines after a third append");
	unlink(path);

	is_int(results_append(-1, "/nonexistent/results.jsonl", &m), -1,
	       "append to a bad descriptor fails");
	ok(fail_reason() && strstr(fail_reason(), "/nonexistent/results.jsonl"),
	   "the reason names the file");
}

static bool has(const struct measurement_out *o, const char *code)
{
	for (size_t i = 0; i < o->n_warnings; i++)
		if (strcmp(o->warnings[i].code, code) == 0)
			return true;
	return false;
}

/* Judge case index i of s with primary value v and dataset bytes. */
static void judge(size_t i, double v, long long dataset, double measured,
		  struct measurement_out *o, struct bench_case *c)
{
	suite_case(&s, i, c);
	out_init(o);
	metric_set(o, "tps", v);
	o->dataset_bytes = dataset;
	o->measured_s = measured;
	run_warnings(&r, c, o);
}

static void warnings(void)
{
	char err[512];
	struct bench_case c;
	struct measurement_out o;
	const long long MiB = 1 << 20;

	is_int(suite_parse("t", "test", "[suite]\nrepeats = 3\ncov_warn_pct = 5\n"
			   "[pgbench]\nclients = 1,2\n[rawio]\n[fsync]\n",
			   &s, err, sizeof(err)), 0, "warnings: a suite with 3 repeats");
	r.s = &s;
	r.wenv.mem_total_bytes = 2048 * MiB;
	r.checkpoint_timeout_s = 300;

	/* pgbench c1: 100, 100, 100: no high-cov. */
	for (size_t i = 0; i < 3; i++) {
		judge(i, 100, 15 * MiB, 5, &o, &c);
		ok(!has(&o, "high-cov"), "warnings: equal repeats, no high-cov (repeat %d)", c.repeat);
	}
	ok(has(&o, "fits-in-ram"), "warnings: pgbench's 15 MiB fit in 2 GiB of RAM");
	ok(strstr(o.warnings[0].message, "(15 MiB)") && strstr(o.warnings[0].message, "(2048 MiB)"),
	   "warnings: fits-in-ram names both sizes");
	ok(has(&o, "shorter-than-checkpoint"), "warnings: 5 s is shorter than 300 s");
	ok(!has(&o, "governor"), "warnings: no governor known, no warning");

	/* pgbench c2: 80, 120, 100: CoV 20 %, only on the last repeat. */
	judge(3, 80, 0, 0, &o, &c);
	ok(!has(&o, "high-cov") && c.repeat == 1, "warnings: no high-cov on repeat 1");
	ok(!has(&o, "fits-in-ram"), "warnings: no dataset, no fits-in-ram");
	ok(!has(&o, "shorter-than-checkpoint"), "warnings: no interval, no shorter-than-checkpoint");
	judge(4, 120, 0, 0, &o, &c);
	ok(!has(&o, "high-cov") && c.repeat == 2, "warnings: no high-cov on repeat 2");
	judge(5, 100, 0, 0, &o, &c);
	ok(has(&o, "high-cov") && c.repeat == 3, "warnings: high-cov on the last repeat");
	is_str(o.n_warnings ? o.warnings[o.n_warnings - 1].message : "",
	       "tps varies by 20.0% (CoV) across 3 repeats, more than 5%",
	       "warnings: the high-cov message");

	/* rawio: 96, 100, 104: CoV 4 %, below 5; no fits-in-ram for rawio. */
	r.checkpoint_timeout_s = 0;
	snprintf(r.rec.governor, sizeof(r.rec.governor), "powersave");
	judge(6, 96, 15 * MiB, 5, &o, &c);
	is_str(c.workload, "rawio", "warnings: the rawio case");
	ok(!has(&o, "fits-in-ram"), "warnings: no fits-in-ram for rawio (its spec does not ask)");
	ok(!has(&o, "shorter-than-checkpoint"), "warnings: no shorter-than-checkpoint for rawio");
	ok(has(&o, "governor"), "warnings: powersave governor");
	is_str(o.n_warnings ? o.warnings[0].message : "",
	       "the CPU frequency governor is \"powersave\", not \"performance\"",
	       "warnings: the governor message");
	judge(7, 100, 0, 0, &o, &c);
	judge(8, 104, 0, 0, &o, &c);
	ok(!has(&o, "high-cov") && c.repeat == 3, "warnings: CoV 4%% is not above 5%%");

	/* fsync with the performance governor. */
	snprintf(r.rec.governor, sizeof(r.rec.governor), "performance");
	judge(9, 1000, 3000 * MiB, 1, &o, &c);
	is_str(c.workload, "fsync", "warnings: the fsync case");
	is_int(o.n_warnings, 0, "warnings: none for fsync under performance");

	/* A dataset larger than RAM, and shorter-than-checkpoint off when the
	 * run is longer. */
	is_int(suite_parse("t", "test", "[oltp]\n", &s, err, sizeof(err)), 0,
	       "warnings: one oltp case");
	r.checkpoint_timeout_s = 300;
	judge(0, 500, 3000 * MiB, 600, &o, &c);
	is_int(o.n_warnings, 0, "warnings: 3000 MiB do not fit in 2048, 600 s > 300 s");
	judge(0, 500, 2047 * MiB, 299, &o, &c);
	ok(has(&o, "fits-in-ram") && has(&o, "shorter-than-checkpoint"),
	   "warnings: oltp's 2047 MiB fit, 299 s < 300 s");
	ok(!has(&o, "high-cov"), "warnings: no high-cov with one repeat");
}

int main(void)
{
	lines();
	warnings();
	return tap_done();
}
