/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * run_facts.h: what describes a run (struct run's facts), for the
 * header's comparison of the columns (facts.h): the machine, the target,
 * PostgreSQL and the filesystem's profile; the kernel's settings, its
 * build, the profiles the suite took and the image's build; under QEMU,
 * the host and its load.  Each is a line of text ("2048 MiB", "enabled
 * always, defrag madvise"), absent when the run does not record it.
 */
#ifndef BOOTBENCH_REPORT_RUN_FACTS_H
#define BOOTBENCH_REPORT_RUN_FACTS_H

#include "report/dataset.h"

/* The facts of r's run.json (r->json): "CPU", "RAM", "target",
 * "PostgreSQL", "mkfs", "mount options", "kernel config", "kernel build",
 * "mitigations", "THP", "clocksource", "variant", "profile", "NUMA
 * nodes", "image" and "PostgreSQL build". */
void run_facts_collect(struct run *r);
/* The facts of host.json j, read from path, the host's conditions during
 * a QEMU boot (written by qemu/run): "host" (its CPU, governor and the
 * accelerator) and "host load" (quiet, busy or loaded: how much of its
 * CPU others used); a warning naming path when j lacks what they need. */
void run_facts_host(struct run *r, const char *path, const struct jr_value *j);

#endif
