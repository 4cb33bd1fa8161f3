/* Writing results.jsonl lines. */
#include "results.h"
#include "tap.h"

#include <stdlib.h>
#include <unistd.h>

static char *line_of(const struct measurement *m)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	results_write_line(f, m);
	fclose(f);
	return buf;
}

static void setup(struct bench_case *c, struct pgbench_report *r)
{
	*c = (struct bench_case){
		.index = 1, .id = "pgbench-tpcb-like-s1-c2", .workload = "pgbench",
		.pgbench = { "tpcb-like", 1, 2, 2, 5, "simple" },
	};
	pgbench_report_init(r);
	pgbench_report_line(r, "number of transactions actually processed: 4062");
	pgbench_report_line(r, "number of failed transactions: 0 (0.000%)");
	pgbench_report_line(r, "latency average = 2.461 ms");
	pgbench_report_line(r, "latency stddev = 0.803 ms");
	pgbench_report_line(r, "tps = 812.412345 (without initial connection time)");
}

int main(void)
{
	struct bench_case c;
	struct pgbench_report r;
	struct measurement m = {
		.run_id = "20250131T120000Z_6.1.0-31-cloud-amd64_qa-7",
		.c = &c, .report = &r,
		.started_utc = "2025-01-31T12:00:41Z", .seconds = 5.25,
	};

	setup(&c, &r);
	char *line = line_of(&m);
	is_str(line,
	       "{\"format_version\":1,"
	       "\"run_id\":\"20250131T120000Z_6.1.0-31-cloud-amd64_qa-7\","
	       "\"case\":1,\"id\":\"pgbench-tpcb-like-s1-c2\",\"workload\":\"pgbench\","
	       "\"params\":{\"script\":\"tpcb-like\",\"scale\":1,\"clients\":2,"
	       "\"threads\":2,\"duration_s\":5,\"protocol\":\"simple\"},"
	       "\"metrics\":{\"tps\":812.412345,\"latency_avg_ms\":2.461,"
	       "\"latency_stddev_ms\":0.803,\"transactions\":4062,"
	       "\"failed_transactions\":0},"
	       "\"started_utc\":\"2025-01-31T12:00:41Z\",\"seconds\":5.25}\n",
	       "measurement with latency stddev");
	free(line);

	r.have &= ~REPORT_STDDEV;
	line = line_of(&m);
	ok(line && !strstr(line, "latency_stddev_ms"),
	   "no latency_stddev_ms when pgbench did not print it");
	free(line);

	m.run_id = "run \"7\"\\x";
	line = line_of(&m);
	ok(line && strstr(line, "\"run_id\":\"run \\\"7\\\"\\\\x\""),
	   "run id is escaped");
	ok(line && strchr(line, '\n') == line + strlen(line) - 1,
	   "one line, ending with a newline");
	free(line);

	/* Appending: two measurements, two lines, in order. */
	char path[] = "/tmp/bench-results-XXXXXX";
	int fd = mkstemp(path);
	ok(fd >= 0, "temporary results file");
	m.run_id = "r1";
	is_int(results_append(fd, path, &m), 0, "first append");
	c.index = 2;
	is_int(results_append(fd, path, &m), 0, "second append");
	close(fd);

	char buf[4096] = "";
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, sizeof(buf) - 1, f) : 0;
	if (f)
		fclose(f);
	buf[n] = '\0';
	unlink(path);
	char *second = strchr(buf, '\n');
	ok(second && strstr(buf, "\"case\":1") < second, "first line is case 1");
	ok(second && strstr(second + 1, "\"case\":2") != NULL, "second line is case 2");
	ok(second && strchr(second + 1, '\n') == buf + n - 1, "exactly two lines");

	is_int(results_append(-1, "/nonexistent/results.jsonl", &m), -1,
	       "append to a bad descriptor fails");
	return tap_done();
}
