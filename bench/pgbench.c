/* pgbench.c: run pgbench -i and pgbench runs, reading what they print. */
#include "pgbench.h"
#include "msg.h"

#include <stdio.h>

/* Bounds: table creation grows with the scale, a run with its length. */
#define INIT_TIMEOUT_S(scale)  (120.0 + 60.0 * (scale))
#define RUN_TIMEOUT_S(seconds) (120.0 + (seconds))

/* Run argv as the postgres user with its output in log_path. */
static int run_logged(const struct pg_server *pg, const char *name,
		      const char *const *argv, double timeout_s,
		      const char *log_path, const char *log_name,
		      proc_line_fn fn, void *ctx)
{
	struct proc_spec spec;

	pg_spec(pg, &spec, name, argv, log_name);
	return proc_run_logged(&spec, timeout_s, log_path, NULL, fn, ctx);
}

static void init_line(void *ctx, const char *line)
{
	(void)ctx;
	note("pgbench -i: %s", line);
}

int pgbench_initialize(const struct pg_server *pg, int scale,
		       const char *log_path, const char *log_name)
{
	char pgbench[PATH_MAX], s[16];
	const char *argv[] = { pgbench, "-i", "-q", "-s", s, NULL };

	pg_program(pgbench, sizeof(pgbench), "pgbench");
	snprintf(s, sizeof(s), "%d", scale);
	return run_logged(pg, "pgbench -i", argv, INIT_TIMEOUT_S(scale),
			  log_path, log_name, init_line, NULL);
}

struct run_ctx {
	const struct pgbench_params *p;
	struct pgbench_report *report;
};

static void run_line(void *arg, const char *line)
{
	struct run_ctx *ctx = arg;
	struct pgbench_progress prog;

	if (pgbench_parse_progress(line, &prog))
		note("pgbench %s c=%d: %.0f/%d s, %.0f tps", ctx->p->script,
		     ctx->p->clients, prog.elapsed_s, ctx->p->duration_s,
		     prog.tps);
	else
		pgbench_report_line(ctx->report, line);
}

int pgbench_run(const struct pg_server *pg, const struct bench_case *c,
		const char *log_path, const char *log_name,
		struct pgbench_report *r)
{
	const struct pgbench_params *p = &c->pgbench;
	char pgbench[PATH_MAX], clients[16], threads[16], seconds[16];
	const char *argv[] = {
		pgbench, "-b", p->script, "-c", clients, "-j", threads,
		"-T", seconds, "-M", p->protocol, "-P", "1", NULL,
	};
	struct run_ctx ctx = { .p = p, .report = r };
	char err[256];

	pg_program(pgbench, sizeof(pgbench), "pgbench");
	snprintf(clients, sizeof(clients), "%d", p->clients);
	snprintf(threads, sizeof(threads), "%d", p->threads);
	snprintf(seconds, sizeof(seconds), "%d", p->duration_s);
	pgbench_report_init(r);
	if (run_logged(pg, "pgbench", argv, RUN_TIMEOUT_S(p->duration_s),
		       log_path, log_name, run_line, &ctx) < 0)
		return -1;
	if (pgbench_report_check(r, err, sizeof(err)) < 0)
		return fail("%s: %s (see %s)", c->id, err, log_name);
	if (r->transactions <= 0)
		return fail("%s: pgbench processed no transactions (see %s)",
			    c->id, log_name);
	if ((r->have & REPORT_CLIENTS) && r->clients != p->clients)
		return fail("%s: pgbench ran %d clients, not %d (see %s)",
			    c->id, r->clients, p->clients, log_name);
	return 0;
}
