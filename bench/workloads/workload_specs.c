/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * workload_specs.c: the specs of the workloads of list.h, for the suite
 * side (bench/suite/workload_spec.h).  Apart from workloads.c, so that
 * what reads only specs links no engine and no libpq.
 */
#include "bench/workloads/workload.h"

const struct workload_spec *const workload_specs[] = {
#define WORKLOAD(name) &name##_spec,
#include "bench/workloads/list.h"
#undef WORKLOAD
	NULL,
};
