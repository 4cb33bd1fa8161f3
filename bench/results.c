/* results.c: write results.jsonl lines. */
#include "results.h"
#include "fsio.h"
#include "msg.h"

#include <stdlib.h>
#include <unistd.h>

#include "json.h"

static void write_params(struct json *j, const struct pgbench_params *p)
{
	json_object_begin(j, "params");
	json_string(j, "script", p->script);
	json_int(j, "scale", p->scale);
	json_int(j, "clients", p->clients);
	json_int(j, "threads", p->threads);
	json_int(j, "duration_s", p->duration_s);
	json_string(j, "protocol", p->protocol);
	json_object_end(j);
}

static void write_metrics(struct json *j, const struct pgbench_report *r)
{
	json_object_begin(j, "metrics");
	json_double(j, "tps", r->tps);
	json_double(j, "latency_avg_ms", r->latency_avg_ms);
	if (r->have & REPORT_STDDEV)
		json_double(j, "latency_stddev_ms", r->latency_stddev_ms);
	json_int(j, "transactions", r->transactions);
	json_int(j, "failed_transactions", r->failed);
	json_object_end(j);
}

void results_write_line(FILE *out, const struct measurement *m)
{
	struct json j;

	json_init(&j, out, false);
	json_object_begin(&j, NULL);
	json_int(&j, "format_version", RESULTS_FORMAT_VERSION);
	json_string(&j, "run_id", m->run_id);
	json_int(&j, "case", m->c->index);
	json_string(&j, "id", m->c->id);
	json_string(&j, "workload", m->c->workload);
	write_params(&j, &m->c->pgbench);
	write_metrics(&j, m->report);
	json_string(&j, "started_utc", m->started_utc);
	json_double(&j, "seconds", m->seconds);
	json_object_end(&j);
	fputc('\n', out);
}

int results_append(int fd, const char *path, const struct measurement *m)
{
	char *line = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&line, &len);

	if (!mem)
		return fail("could not allocate a results line:");
	results_write_line(mem, m);
	if (fclose(mem) != 0) {
		free(line);
		return fail("could not format a results line:");
	}
	int rc = 0;
	if (write_all(fd, line, len) < 0)
		rc = fail("could not append to \"%s\":", path);
	else if (fsync(fd) < 0)
		rc = fail("could not fsync \"%s\":", path);
	free(line);
	return rc;
}
