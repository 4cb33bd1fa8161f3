/* SPDX-License-Identifier: GPL-2.0-only */
/* workloads.c: the workloads the engine runs, from list.h. */
#include "bench/workloads/workload.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const struct workload *const workloads[] = {
#define WORKLOAD(name) &workload_##name,
#include "bench/workloads/list.h"
#undef WORKLOAD
	NULL,
};

const struct workload *workload_find(const char *name)
{
	for (const struct workload *const *w = workloads; name && *w; w++)
		if (strcmp((*w)->spec->name, name) == 0)
			return *w;
	return NULL;
}


const char *run_path(const struct workload_env *e, char *buf, size_t len,
		     const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(buf, len, "%s/", e->run_dir);

	va_start(ap, fmt);
	if (n > 0 && (size_t)n < len)
		vsnprintf(buf + n, len - (size_t)n, fmt, ap);
	va_end(ap);
	return buf;
}
