/* SPDX-License-Identifier: GPL-2.0-only */
/* workload_spec.c: a workload's spec by name, and the pieces of case names. */
#include "bench/suite/workload_spec.h"

#include <stdio.h>
#include <string.h>

const struct workload_spec *workload_spec_find(const char *name)
{
	for (const struct workload_spec *const *w = workload_specs; name && *w; w++)
		if (strcmp((*w)->name, name) == 0)
			return *w;
	return NULL;
}

void workload_id_append(char *buf, size_t len, const char *prefix,
		      const char *value)
{
	size_t used = strlen(buf);

	used += (size_t)snprintf(buf + used, used < len ? len - used : 0, "-%s",
				 prefix);
	for (const char *p = value; *p && used + 1 < len; p++)
		if ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') ||
		    (*p >= '0' && *p <= '9') || *p == '_' || *p == '.' || *p == '-')
			buf[used++] = *p;
	if (used < len)
		buf[used] = '\0';
}
