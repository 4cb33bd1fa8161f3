/* workload_specs.c: the workloads a suite may name, for the parser. */
#include "workload.h"

#include <string.h>

const struct workload_spec *const workload_specs[] = {
	&pgbench_spec, &oltp_spec, &insert_spec, &seqscan_spec, &rawio_spec,
	&fsync_spec, &timer_spec, NULL,
};

const struct workload_spec *workload_spec_find(const char *name)
{
	for (const struct workload_spec *const *w = workload_specs; name && *w; w++)
		if (strcmp((*w)->name, name) == 0)
			return *w;
	return NULL;
}
