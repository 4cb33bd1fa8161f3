/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * machine_cpu.c: [machine] smt (CPU_SYSFS/smt/control) and cpus, the CPUs
 * online (CPU_SYSFS/cpuN/online; a CPU without that file, usually cpu0,
 * cannot go offline).
 */
#include "bench/knobs/knob_file.h"
#include "bench/knobs/machine.h"
#include "bench/suite/cpuset.h"
#include "bench/suite/knob_keys.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SMT_CONTROL CPU_SYSFS "/smt/control"

static bool smt_has(const struct machine_control *mc, struct knobs *k,
		    char *reason, size_t len)
{
	char state[64];

	if (kf_read(k, mc->file, state, sizeof(state)) < 0) {
		snprintf(reason, len, "the kernel has no SMT control (no %s)", mc->file);
		return false;
	}
	if (strcmp(state, "on") == 0 || strcmp(state, "off") == 0)
		return true;
	if (strcmp(state, "forceoff") == 0)
		snprintf(reason, len, "SMT is forced off on the kernel command line "
			 "(%s: forceoff)", mc->file);
	else if (strcmp(state, "notsupported") == 0)
		snprintf(reason, len, "the CPUs have no SMT threads (%s: notsupported)",
			 mc->file);
	else
		snprintf(reason, len, "the kernel cannot switch SMT here (%s: %s)",
			 mc->file, state);
	return false;
}

static int smt_read(const struct machine_control *mc, struct knobs *k,
		    char *buf, size_t len, char *err, size_t elen)
{
	return kf_read_or_say(k, mc->file, buf, len, err, elen);
}

static int smt_set(const struct machine_control *mc, struct knobs *k,
		   const char *value, char *err, size_t len)
{
	return kf_write_or_say(k, mc->file, machine_bool(value) ? "on" : "off", "",
			       RANK_SMT, err, len);
}

static bool smt_is(struct knobs *k, const char *value, const char *now)
{
	(void)k;
	return strcmp(now, machine_bool(value) ? "on" : "off") == 0;
}

const struct machine_control machine_smt = {
	"smt", SMT_CONTROL, smt_has, smt_read, NULL, smt_set, smt_is,
};

/* CPU_SYSFS/cpuN/online into buf. */
static const char *online_file(unsigned cpu, char *buf, size_t len)
{
	snprintf(buf, len, CPU_SYSFS "/cpu%u/online", cpu);
	return buf;
}

static int present(const struct knobs *k, struct cpuset *set, char *err, size_t len)
{
	char text[4096];

	errno = 0;
	if (kf_read(k, CPU_SYSFS "/present", text, sizeof(text)) == 0 &&
	    cpuset_parse(text, set) == 0)
		return 0;
	snprintf(err, len, "could not read the CPUs present from %s/present: %s",
		 CPU_SYSFS, errno ? strerror(errno) : "not a CPU list");
	return -1;
}

static bool cpus_has(const struct machine_control *mc, struct knobs *k,
		     char *reason, size_t len)
{
	struct cpuset set;
	char path[64];

	(void)mc;
	if (present(k, &set, reason, len) < 0)
		return false;
	for (unsigned cpu = 0; cpu < CPUSET_MAX; cpu++)
		if (cpuset_has(&set, cpu) && kf_exists(k, online_file(cpu, path, sizeof(path))))
			return true;
	snprintf(reason, len, "the kernel cannot take CPUs offline here (no %s/cpuN/online)",
		 CPU_SYSFS);
	return false;
}

static int cpus_read(const struct machine_control *mc, struct knobs *k,
		     char *buf, size_t len, char *err, size_t elen)
{
	struct cpuset set;

	(void)mc;
	if (machine_online(k, &set) < 0) {
		snprintf(err, elen, "could not read %s/online: %s", CPU_SYSFS, strerror(errno));
		return -1;
	}
	cpuset_format(&set, buf, len);
	return 0;
}

static int cpus_check(const struct machine_control *mc, struct knobs *k,
		      const char *value, char *err, size_t len)
{
	struct cpuset there, want, missing;
	char list[256], path[64];

	(void)mc;
	if (present(k, &there, err, len) < 0)
		return -1;
	cpuset_format(&there, list, sizeof(list));
	if (cpus_value(value, &there, &want) < 0 ||
	    (!strpbrk(value, ",-") && cpuset_count(&want) < strtoul(value, NULL, 10))) {
		snprintf(err, len, "\"%s\": the machine has %zu CPUs (present: %s)",
			 value, cpuset_count(&there), list);
		return -1;
	}
	cpuset_minus(&want, &there, &missing);
	if (cpuset_count(&missing)) {
		char extra[256];
		cpuset_format(&missing, extra, sizeof(extra));
		snprintf(err, len, "\"%s\": CPU %s %s not on this machine (present: %s)",
			 value, extra, cpuset_count(&missing) > 1 ? "are" : "is", list);
		return -1;
	}
	for (unsigned cpu = 0; cpu < CPUSET_MAX; cpu++) {
		if (!cpuset_has(&there, cpu) || cpuset_has(&want, cpu) ||
		    kf_exists(k, online_file(cpu, path, sizeof(path))))
			continue;
		snprintf(err, len, "\"%s\": cpu%u cannot go offline on this machine (it "
			 "has no %s): keep it in the list", value, cpu, path);
		return -1;
	}
	return 0;
}

/* Write state ("1", "0") to the online file of every CPU of set that has
 * one.  0, or -1 with why. */
static int set_online(struct knobs *k, const struct cpuset *set, const char *state,
		      char *err, size_t len)
{
	char path[64];

	for (unsigned cpu = 0; cpu < CPUSET_MAX; cpu++) {
		if (!cpuset_has(set, cpu) || !kf_exists(k, online_file(cpu, path, sizeof(path))))
			continue;
		if (kf_write_or_say(k, path, state, "", RANK_ONLINE, err, len) < 0)
			return -1;
	}
	return 0;
}

static int cpus_set(const struct machine_control *mc, struct knobs *k,
		    const char *value, char *err, size_t len)
{
	struct cpuset there, want, off;

	(void)mc;
	if (present(k, &there, err, len) < 0 || cpus_value(value, &there, &want) < 0)
		return -1;
	cpuset_minus(&there, &want, &off);
	/* On first, so that the machine never has fewer CPUs than asked. */
	return set_online(k, &want, "1", err, len) < 0 ? -1 :
	       set_online(k, &off, "0", err, len);
}

static bool cpus_is(struct knobs *k, const char *value, const char *now)
{
	struct cpuset there, want, got;
	char err[256];

	return present(k, &there, err, sizeof(err)) == 0 &&
	       cpus_value(value, &there, &want) == 0 && cpuset_parse(now, &got) == 0 &&
	       cpuset_equal(&want, &got);
}

const struct machine_control machine_cpus = {
	"cpus", NULL, cpus_has, cpus_read, cpus_check, cpus_set, cpus_is,
};
