/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pgbench_load.c: the load a pgbench case asks for, pgbench -i's arguments
 * from the [pgbench] keys (pgbench_init.h); no libpq, for the suite side.
 */
#include "bench/workloads/pgbench/pgbench_init.h"
#include "bench/workloads/pgbench/pgbench_keys.h"

#include <stdio.h>
#include <string.h>

void pgbench_init_of(const struct bench_case *c, struct pgbench_init *in)
{
	memset(in, 0, sizeof(*in));
	in->scale = case_param_number(c, "scale");
	snprintf(in->steps, sizeof(in->steps), "%s",
		 pgbench_init_steps(case_param(c, "init_steps"), in->scale));
	in->partitions = case_param_number(c, "partitions");
	snprintf(in->partition_method, sizeof(in->partition_method), "%s",
		 case_param(c, "partition_method"));
	in->fillfactor = case_param_number(c, "fillfactor");
	in->unlogged = case_param_number(c, "unlogged") != 0;
}

bool pgbench_init_same(const struct pgbench_init *a, const struct pgbench_init *b)
{
	return a->scale == b->scale && strcmp(a->steps, b->steps) == 0 &&
		a->partitions == b->partitions &&
		(a->partitions == 0 || strcmp(a->partition_method, b->partition_method) == 0) &&
		a->fillfactor == b->fillfactor && a->unlogged == b->unlogged;
}

void pgbench_init_argv(const struct pgbench_init *in, const char *program,
		       struct pgbench_init_words *w, const char **argv)
{
	size_t n = 0;

	snprintf(w->scale, sizeof(w->scale), "%lld", in->scale);
	snprintf(w->parts, sizeof(w->parts), "--partitions=%lld", in->partitions);
	snprintf(w->method, sizeof(w->method), "--partition-method=%s", in->partition_method);
	snprintf(w->fill, sizeof(w->fill), "--fillfactor=%lld", in->fillfactor);
	argv[n++] = program;
	argv[n++] = "-i";
	argv[n++] = "-q";
	argv[n++] = "-s";
	argv[n++] = w->scale;
	argv[n++] = "-I";
	argv[n++] = in->steps;
	if (in->partitions > 0) {
		argv[n++] = w->parts;
		argv[n++] = w->method;
	}
	if (in->fillfactor != 100)
		argv[n++] = w->fill;
	if (in->unlogged)
		argv[n++] = "--unlogged-tables";
	argv[n] = NULL;
}

void pgbench_init_command(const struct pgbench_init *in, char *buf, size_t len)
{
	struct pgbench_init_words w;
	const char *argv[PGBENCH_INIT_ARGV];
	size_t used = 0;

	pgbench_init_argv(in, "pgbench", &w, argv);
	buf[0] = '\0';
	for (size_t i = 0; argv[i] && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", argv[i]);
}

bool pgbench_load_command(const struct bench_case *c, char *cmd, size_t len)
{
	struct pgbench_init in;

	pgbench_init_of(c, &in);
	pgbench_init_command(&in, cmd, len);
	return true;
}
