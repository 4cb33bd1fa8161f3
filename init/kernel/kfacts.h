/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kfacts.h: the kernel settings that explain a difference between runs,
 * for run.json's "kernel" object: the configuration (/proc/config.gz, or
 * the config the kernel's modules archive ships), CPU vulnerability
 * mitigations, transparent huge pages, the clocksource and the NUMA
 * nodes.  Paths are read below a root directory ("" on the appliance) so
 * that the tests can use a fake one.  What a kernel does not have is
 * left unknown (null in run.json), never an error.
 */
#ifndef BOOTBENCH_KFACTS_H
#define BOOTBENCH_KFACTS_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "init/kernel/kbuild.h"

#define KFACTS_MITIGATIONS_MAX 64
#define KFACTS_CONFIG_FILE "kernel.config"	/* in the run directory */
#define KFACTS_CONFIG_MAX (16 << 20)
#define KFACTS_SHA256_HEX_SIZE 65	/* 64 hex digits and the NUL */

struct mitigation {
	char name[64];			/* spectre_v2 */
	char status[256];		/* "Mitigation: Retpolines; ..." */
};

struct kernel_facts {
	bool have_mitigations;		/* the vulnerabilities directory exists */
	struct mitigation mitigations[KFACTS_MITIGATIONS_MAX];	/* by name */
	size_t n_mitigations;
	char thp_enabled[32], thp_defrag[32];	/* the bracketed choice; "" unknown */
	char clocksource[64];		/* current clocksource; "" unknown */
	char numa_online[128];		/* node list "0-1"; "" unknown */
	int numa_nodes;			/* nodes in numa_online; -1 unknown */
	char config_source[PATH_MAX];	/* where the config was found; "" none */
	char config_sha256[KFACTS_SHA256_HEX_SIZE];	/* of the copy; "" not read */
	bool config_saved;		/* copied into the run directory */
	struct kernel_build build;	/* which build (kbuild.h) */
};

/* Read the sysfs facts below root and find the config and the build of
 * release. */
void kfacts_read(const char *root, const char *release, struct kernel_facts *k);

/* Copy the config kfacts_read() found (decompressed) into
 * DIR/kernel.config and hash it.  Problems are warnings: returns 0 if it
 * was saved, -1 otherwise. */
int kfacts_save_config(const char *root, struct kernel_facts *k, const char *dir);

/* Nodes in a sysfs node list ("0", "0-3,8-11"); -1 if it is not one. */
int node_list_count(const char *list);

#endif
