/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * machine.h: the controls behind the [machine] keys, one per key, in the
 * order they are applied: SMT and the CPUs online first (they decide
 * which CPUs the others set), then the frequency, the idle states and
 * transparent huge pages.  Errors go into err as one phrase naming the
 * file; the caller names the suite and the key.
 */
#ifndef BOOTBENCH_MACHINE_H
#define BOOTBENCH_MACHINE_H

#include <stdbool.h>
#include <stddef.h>

#include "bench/knobs/knob_state.h"

#define CPU_SYSFS "/sys/devices/system/cpu"

struct machine_control {
	const char *key;
	const char *file;          /* the one file it sets, if it is one */
	/* Whether this machine has the control: true, or false with why
	 * not in reason ("no CPU frequency scaling: ..."). */
	bool (*has)(const struct machine_control *mc, struct knobs *k,
		    char *reason, size_t len);
	/* Its value now, as a suite writes it ("performance", "on", "0-3").
	 * 0, or -1 with why. */
	int (*read)(const struct machine_control *mc, struct knobs *k,
		    char *buf, size_t len, char *err, size_t elen);
	/* Whether the machine can take value: 0, or -1 with why.  NULL: any
	 * value the key's kind allows. */
	int (*check)(const struct machine_control *mc, struct knobs *k,
		     const char *value, char *err, size_t len);
	/* Set value.  0, or -1 with why. */
	int (*set)(const struct machine_control *mc, struct knobs *k,
		   const char *value, char *err, size_t len);
	/* Whether what read() gave is value. */
	bool (*is)(struct knobs *k, const char *value, const char *now);
};

/* Every control, in the order of application; NULL-terminated. */
extern const struct machine_control *const machine_controls[];

extern const struct machine_control machine_smt, machine_cpus, machine_governor,
	machine_boost, machine_max_cstate, machine_thp_enabled, machine_thp_defrag;

const struct machine_control *machine_control_find(const char *key);

/* For the controls: a suite's boolean value ("on", "0", ...) as 0 or 1. */
bool machine_bool(const char *value);

/* For the controls' is(): the value is the word read. */
bool machine_same_word(struct knobs *k, const char *value, const char *now);

/* The online CPUs (CPU_SYSFS/online) into set.  0 or -1. */
struct cpuset;
int machine_online(const struct knobs *k, struct cpuset *set);

#endif
