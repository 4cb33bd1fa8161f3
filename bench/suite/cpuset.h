/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cpuset.h: sets of CPUs, in the kernel's list syntax ("0-3,8,10-11", as
 * /sys/devices/system/cpu/online shows them): the value of [machine] cpus
 * and what the kernel says is present and online.
 */
#ifndef BOOTBENCH_CPUSET_H
#define BOOTBENCH_CPUSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CPUSET_MAX 8192            /* CPUs 0 .. CPUSET_MAX - 1 */

struct cpuset {
	uint64_t bits[CPUSET_MAX / 64];
};

/* Parse a list ("0-3,8"; "" is the empty set) into set.  0, or -1 if it
 * is not one (a CPU past CPUSET_MAX - 1, a range that goes down). */
int cpuset_parse(const char *text, struct cpuset *set);

/* set as a list, ranges joined: "0-3,8" ("" when empty). */
void cpuset_format(const struct cpuset *set, char *buf, size_t len);

void cpuset_clear(struct cpuset *set);
void cpuset_add(struct cpuset *set, unsigned cpu);
bool cpuset_has(const struct cpuset *set, unsigned cpu);
size_t cpuset_count(const struct cpuset *set);
bool cpuset_equal(const struct cpuset *a, const struct cpuset *b);

/* The CPUs of a that are not in b. */
void cpuset_minus(const struct cpuset *a, const struct cpuset *b,
		  struct cpuset *out);

/* The n lowest-numbered CPUs of from (all of them if it has fewer). */
void cpuset_first(const struct cpuset *from, size_t n, struct cpuset *out);

#endif
