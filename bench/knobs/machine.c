/* SPDX-License-Identifier: GPL-2.0-only */
/* machine.c: the [machine] controls' list, and transparent huge pages. */
#include "bench/knobs/machine.h"
#include "bench/knobs/knob_file.h"
#include "bench/suite/cpuset.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

const struct machine_control *const machine_controls[] = {
	&machine_smt, &machine_cpus, &machine_governor, &machine_boost,
	&machine_max_cstate, &machine_thp_enabled, &machine_thp_defrag, NULL,
};

const struct machine_control *machine_control_find(const char *key)
{
	for (const struct machine_control *const *c = machine_controls; *c; c++)
		if (strcmp((*c)->key, key) == 0)
			return *c;
	return NULL;
}

bool machine_bool(const char *value)
{
	bool b = false;
	suite_parse_bool(value, &b);
	return b;
}

bool machine_same_word(struct knobs *k, const char *value, const char *now)
{
	(void)k;
	return strcmp(value, now) == 0;
}

int machine_online(const struct knobs *k, struct cpuset *set)
{
	char text[4096];

	if (kf_read(k, CPU_SYSFS "/online", text, sizeof(text)) < 0)
		return -1;
	if (cpuset_parse(text, set) < 0) {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

/* Transparent huge pages: a choice file each, "always [madvise] never". */

static bool thp_has(const struct machine_control *mc, struct knobs *k,
		    char *reason, size_t len)
{
	if (kf_exists(k, mc->file))
		return true;
	snprintf(reason, len, "the kernel has no transparent huge pages (no %s)", mc->file);
	return false;
}

static int thp_read(const struct machine_control *mc, struct knobs *k,
		    char *buf, size_t len, char *err, size_t elen)
{
	if (kf_read_choice(k, mc->file, buf, len) == 0)
		return 0;
	snprintf(err, elen, "could not read %s: %s", mc->file, strerror(errno));
	return -1;
}

static int thp_check(const struct machine_control *mc, struct knobs *k,
		     const char *value, char *err, size_t len)
{
	char list[256];

	if (kf_read_or_say(k, mc->file, list, sizeof(list), err, len) < 0)
		return -1;
	if (kf_has_word(list, value))
		return 0;
	snprintf(err, len, "\"%s\" is not one of this kernel's choices in %s: %s",
		 value, mc->file, list);
	return -1;
}

static int thp_set(const struct machine_control *mc, struct knobs *k,
		   const char *value, char *err, size_t len)
{
	char own[64];

	if (thp_read(mc, k, own, sizeof(own), err, len) < 0)
		return -1;
	return kf_write_or_say(k, mc->file, value, own, RANK_OTHER, err, len);
}

const struct machine_control machine_thp_enabled = {
	"thp_enabled", "/sys/kernel/mm/transparent_hugepage/enabled",
	thp_has, thp_read, thp_check, thp_set, machine_same_word,
};

const struct machine_control machine_thp_defrag = {
	"thp_defrag", "/sys/kernel/mm/transparent_hugepage/defrag",
	thp_has, thp_read, thp_check, thp_set, machine_same_word,
};
