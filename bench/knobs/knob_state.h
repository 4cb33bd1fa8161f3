/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * knob_state.h: what the knobs keep between the check, the environments
 * and the end of the run (knobs.h): each key, what each environment set,
 * what to write back.
 */
#ifndef BOOTBENCH_KNOB_STATE_H
#define BOOTBENCH_KNOB_STATE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "bench/suite/suite.h"

#define KNOBS_MAX      64          /* [sysctl] and [machine] keys of a suite */
#define KNOB_TEXT      128
#define KNOBS_MAX_ENVS 1024        /* environments recorded */

struct machine_control;

struct knob {
	const struct suite_param *param;
	const struct machine_control *control;   /* [machine]; NULL: [sysctl] */
	bool applicable;               /* the machine has the control */
	char reason[2 * KNOB_TEXT];    /* why not, when it has not */
	char own[KNOB_TEXT];           /* its value before the run; "" unknown */
	char path[PATH_MAX];           /* [sysctl]: the entry under /proc/sys */
};

/* What one environment set. */
struct knob_env {
	int environment;
	unsigned char value[KNOBS_MAX];        /* the index of each knob's value */
	bool set[KNOBS_MAX];                   /* read back below */
	char read_back[KNOBS_MAX][KNOB_TEXT];
	int dma_latency_us;                    /* held on cpu_dma_latency; -1 none */
};

/* A file written, and what to write back at the end. */
struct knob_undo {
	char path[PATH_MAX];
	char value[KNOB_TEXT];
	int rank;                      /* restored in rank order (knob_file.h) */
};

struct knobs {
	char root[256];                /* "": the machine's own /proc, /sys, /dev */
	const struct suite *s;
	struct knob k[KNOBS_MAX];
	size_t n;
	struct knob_undo *undo;
	size_t n_undo, cap_undo;
	int dma_fd;                    /* /dev/cpu_dma_latency, held open; -1 */
	int dma_latency_us;
	struct knob_env *envs;
	size_t n_envs;
	int restored;                  /* -1: not yet; 1: all put back; 0: not all */
	char restore_error[256];       /* the first value that could not be */
};

#endif
