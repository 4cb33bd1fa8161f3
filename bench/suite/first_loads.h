/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * first_loads.h: the load each environment of a suite runs first (its
 * first case's workload spec's load()): what a loaded template may stand
 * for (bench/pg/cluster.h).
 */
#ifndef BOOTBENCH_FIRST_LOADS_H
#define BOOTBENCH_FIRST_LOADS_H

#include <stdbool.h>
#include <stddef.h>

#include "bench/suite/matrix.h"
#include "bench/suite/suite.h"

/* A load's command line at most, its '\0' included. */
#define SUITE_LOAD_MAX 256

/* The load c's workload runs in a fresh environment, into cmd: true, or
 * false when it runs none. */
bool case_load(const struct bench_case *c, char *cmd, size_t len);

/* fn(ctx, load) for each environment of s whose first case runs a load,
 * in order. */
void suite_first_loads(const struct suite *s, void (*fn)(void *ctx, const char *load),
		       void *ctx);

#endif
