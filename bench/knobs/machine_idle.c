/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * machine_idle.c: [machine] max_cstate, the deepest idle state a CPU may
 * enter.  Every deeper cpuidle state of every online CPU is disabled
 * (CPU_SYSFS/cpuN/cpuidle/stateM/disable), and /dev/cpu_dma_latency holds
 * the allowed state's exit latency for as long as the environment lasts,
 * so that the kernel's PM QoS keeps to it as well.
 */
#include "bench/knobs/knob_file.h"
#include "bench/knobs/machine.h"
#include "bench/suite/cpuset.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "common/fileio.h"

#define CPUIDLE_DRIVER CPU_SYSFS "/cpuidle/current_driver"
#define DMA_LATENCY "/dev/cpu_dma_latency"
#define MAX_STATES 16

static const char *state_file(unsigned cpu, unsigned state, const char *name,
			      char *buf, size_t len)
{
	snprintf(buf, len, CPU_SYSFS "/cpu%u/cpuidle/state%u/%s", cpu, state, name);
	return buf;
}

/* cpu0's idle states, by name, shallowest first.  Their number. */
static unsigned states(const struct knobs *k, char names[MAX_STATES][32])
{
	char file[96];
	unsigned n = 0;

	while (n < MAX_STATES &&
	       kf_read(k, state_file(0, n, "name", file, sizeof(file)), names[n], 32) == 0)
		n++;
	return n;
}

static bool idle_has(const struct machine_control *mc, struct knobs *k,
		     char *reason, size_t len)
{
	char driver[64], names[MAX_STATES][32];

	(void)mc;
	if (kf_read(k, CPUIDLE_DRIVER, driver, sizeof(driver)) < 0)
		snprintf(driver, sizeof(driver), "none");
	if (strcmp(driver, "none") != 0 && states(k, names) > 0)
		return true;
	snprintf(reason, len, "no idle states the kernel lets userspace disable (%s: %s)",
		 CPUIDLE_DRIVER, driver);
	return false;
}

/* The index of value among cpu0's states; -1 if none. */
static int state_index(const struct knobs *k, const char *value)
{
	char names[MAX_STATES][32];
	unsigned n = states(k, names);

	for (unsigned i = 0; i < n; i++)
		if (strcasecmp(names[i], value) == 0)
			return (int)i;
	return -1;
}

/* The deepest state cpu allows, into buf.  0 or -1 with why. */
static int deepest(const struct knobs *k, unsigned cpu, char *buf, size_t len,
		   char *err, size_t elen)
{
	char file[96], flag[16];
	int found = -1;

	for (unsigned s = 0; s < MAX_STATES; s++) {
		if (kf_read(k, state_file(cpu, s, "disable", file, sizeof(file)),
			    flag, sizeof(flag)) < 0)
			break;
		if (strcmp(flag, "0") == 0)
			found = (int)s;
	}
	if (found < 0 || kf_read(k, state_file(cpu, (unsigned)found, "name", file, sizeof(file)),
				 buf, len) < 0) {
		snprintf(err, elen, "could not read cpu%u's idle states (%s)", cpu, file);
		return -1;
	}
	return 0;
}

/* "C1", or "cpu0=C1 cpu1=C6" when the CPUs differ. */
static int idle_read(const struct machine_control *mc, struct knobs *k,
		     char *buf, size_t len, char *err, size_t elen)
{
	struct cpuset online;
	char first[32] = "", name[32];
	size_t used = 0;
	bool mixed = false;

	(void)mc;
	if (machine_online(k, &online) < 0) {
		snprintf(err, elen, "could not read %s/online: %s", CPU_SYSFS, strerror(errno));
		return -1;
	}
	buf[0] = '\0';
	for (unsigned cpu = 0; cpu < CPUSET_MAX; cpu++) {
		if (!cpuset_has(&online, cpu))
			continue;
		if (deepest(k, cpu, name, sizeof(name), err, elen) < 0)
			return -1;
		if (!first[0])
			snprintf(first, sizeof(first), "%s", name);
		mixed |= strcmp(name, first) != 0;
		if (used < len)
			used += (size_t)snprintf(buf + used, len - used, "%scpu%u=%s",
						 used ? " " : "", cpu, name);
	}
	if (!mixed)
		snprintf(buf, len, "%s", first);
	return 0;
}

static int idle_check(const struct machine_control *mc, struct knobs *k,
		      const char *value, char *err, size_t len)
{
	char names[MAX_STATES][32], list[256] = "";
	unsigned n = states(k, names);
	size_t used = 0;

	(void)mc;
	if (state_index(k, value) >= 0)
		return 0;
	for (unsigned i = 0; i < n && used < sizeof(list); i++)
		used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%s",
					 i ? " " : "", names[i]);
	snprintf(err, len, "\"%s\" is not one of this machine's idle states (%s)",
		 value, list);
	return -1;
}

/* Hold /dev/cpu_dma_latency at latency_us, letting go of what was held.
 * 0 or -1. */
static int hold_latency(struct knobs *k, int32_t latency_us)
{
	char path[PATH_MAX];
	int fd = open(kf_path(k, DMA_LATENCY, path, sizeof(path)), O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	if (write_all(fd, &latency_us, sizeof(latency_us)) < 0) {
		int e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	if (k->dma_fd >= 0)
		close(k->dma_fd);
	k->dma_fd = fd;
	k->dma_latency_us = latency_us;
	return 0;
}

static int idle_set(const struct machine_control *mc, struct knobs *k,
		    const char *value, char *err, size_t len)
{
	int allowed = state_index(k, value);
	struct cpuset online;
	char file[96], text[32];

	(void)mc;
	if (allowed < 0 || machine_online(k, &online) < 0) {
		snprintf(err, len, "could not read the idle states or the CPUs online");
		return -1;
	}
	for (unsigned cpu = 0; cpu < CPUSET_MAX; cpu++) {
		if (!cpuset_has(&online, cpu))
			continue;
		for (unsigned s = 0; s < MAX_STATES; s++) {
			if (!kf_exists(k, state_file(cpu, s, "disable", file, sizeof(file))))
				break;
			const char *flag = (int)s > allowed ? "1" : "0";
			if (kf_write_or_say(k, file, flag, "", RANK_OTHER, err, len) < 0)
				return -1;
		}
	}
	if (kf_read_or_say(k, state_file(0, (unsigned)allowed, "latency", file, sizeof(file)),
			   text, sizeof(text), err, len) < 0)
		return -1;
	if (hold_latency(k, (int32_t)strtol(text, NULL, 10)) < 0) {
		snprintf(err, len, "could not hold %s at %s us: %s", DMA_LATENCY, text,
			 strerror(errno));
		return -1;
	}
	return 0;
}

static bool idle_is(struct knobs *k, const char *value, const char *now)
{
	(void)k;
	return strcasecmp(value, now) == 0;
}

const struct machine_control machine_max_cstate = {
	"max_cstate", NULL, idle_has, idle_read, idle_check, idle_set, idle_is,
};
