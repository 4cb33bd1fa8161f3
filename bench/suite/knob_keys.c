/* SPDX-License-Identifier: GPL-2.0-only */
/* knob_keys.c: [sysctl] names and [machine] keys (knob_keys.h). */
#include "bench/suite/knob_keys.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The governors Linux has (drivers/cpufreq); the machine's own list, its
 * scaling_available_governors, is checked before the run. */
static const char *const governors[] = {
	"performance", "powersave", "schedutil", "ondemand", "conservative",
	"userspace", NULL,
};
static const char *const thp_enabled[] = { "always", "madvise", "never", NULL };
static const char *const thp_defrag[] = {
	"always", "defer", "defer+madvise", "madvise", "never", NULL,
};

/* No fallback: a key the suite leaves out is the machine's own. */
const struct suite_key machine_keys[] = {
	{ "governor", SK_CHOICE, "", true, 0, 0, governors,
	  "CPU frequency governor of every CPU (cpufreq policies)" },
	{ "boost", SK_BOOL, "", true, 0, 0, NULL,
	  "turbo/boost frequencies on or off (intel_pstate/no_turbo or cpufreq/boost)" },
	{ "smt", SK_BOOL, "", true, 0, 0, NULL,
	  "simultaneous multithreading on or off (/sys/devices/system/cpu/smt/control)" },
	{ "cpus", SK_STRING, "", true, 0, 0, NULL,
	  "the CPUs online: a count (the lowest-numbered) or a list in quotes ('0-3,8')" },
	{ "thp_enabled", SK_CHOICE, "", true, 0, 0, thp_enabled,
	  "transparent huge pages (/sys/kernel/mm/transparent_hugepage/enabled)" },
	{ "thp_defrag", SK_CHOICE, "", true, 0, 0, thp_defrag,
	  "when transparent huge pages are defragmented (transparent_hugepage/defrag)" },
	{ "max_cstate", SK_STRING, "", true, 0, 0, NULL,
	  "the deepest idle state allowed, by its cpuidle name (POLL, C1, C1E, C6, ...)" },
	{ NULL },
};

bool sysctl_name_valid(const char *name)
{
	size_t word = 0;

	for (const char *p = name; *p; p++) {
		if (*p == '.') {
			if (word == 0)
				return false;
			word = 0;
		} else if (isalnum((unsigned char)*p) || *p == '_' || *p == '-') {
			word++;
		} else {
			return false;
		}
	}
	return word > 0 && strchr(name, '.');
}

int cpus_value(const char *value, const struct cpuset *present,
	       struct cpuset *set)
{
	char *end;

	if (value[0] >= '0' && value[0] <= '9' && !strpbrk(value, ",-")) {
		unsigned long n = strtoul(value, &end, 10);
		if (*end || n == 0 || n > CPUSET_MAX)
			return -1;
		if (present)
			cpuset_first(present, n, set);
		else
			cpuset_clear(set);
		return 0;
	}
	return cpuset_parse(value, set) < 0 || cpuset_count(set) == 0 ? -1 : 0;
}

/* A cpuidle state's name: letters, digits, '-' and '_'. */
static bool state_name_valid(const char *v)
{
	return v[0] && strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
			      "0123456789-_") == strlen(v);
}

int knob_keys_check(const struct suite *s, const struct suite_param **at,
		    char *err, size_t len)
{
	const struct suite_param *cpus = suite_param(s, "machine", "cpus");
	const struct suite_param *cstate = suite_param(s, "machine", "max_cstate");
	struct cpuset set;

	for (size_t i = 0; cpus && i < cpus->n; i++) {
		if (cpus_value(cpus->values[i], NULL, &set) < 0) {
			*at = cpus;
			snprintf(err, len, "cpus: \"%s\" is neither a count of CPUs (1, 2, "
				 "...) nor a list of them ('0-3,8'; one CPU: 3-3)",
				 cpus->values[i]);
			return -1;
		}
	}
	for (size_t i = 0; cstate && i < cstate->n; i++) {
		if (!state_name_valid(cstate->values[i])) {
			*at = cstate;
			snprintf(err, len, "max_cstate: \"%s\" is not the name of an "
				 "idle state (POLL, C1, C1E, C6, ...)", cstate->values[i]);
			return -1;
		}
	}
	return 0;
}
