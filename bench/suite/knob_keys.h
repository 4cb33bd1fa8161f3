/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * knob_keys.h: the keys of [sysctl] and [machine] and what a suite file
 * alone shows of their values (names, choices, the syntax of a CPU
 * list).  What the running machine says of them is bench/knobs/'s.
 */
#ifndef BOOTBENCH_KNOB_KEYS_H
#define BOOTBENCH_KNOB_KEYS_H

#include <stdbool.h>

#include "bench/suite/cpuset.h"
#include "bench/suite/suite.h"

extern const struct suite_key machine_keys[];

/* A sysctl name as sysctl(8) writes it: words of [A-Za-z0-9_-] joined by
 * dots ("vm.dirty_ratio", "net.ipv4.conf.all.rp_filter"). */
bool sysctl_name_valid(const char *name);

/*
 * A value of [machine] cpus: a count ("4": the lowest-numbered CPUs of
 * present) or a list ("0-3,8"; one CPU is "3-3").  The set into *set;
 * 0, or -1 if the value is neither.  present NULL: the syntax alone.
 */
int cpus_value(const char *value, const struct cpuset *present,
	       struct cpuset *set);

/* The values no key's kind checks ([machine] cpus, max_cstate).  0, or
 * -1 with the reason in err and the key in *at. */
int knob_keys_check(const struct suite *s, const struct suite_param **at,
		    char *err, size_t len);

#endif
