/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * facts.h: what describes the runs (their facts: run_facts.h), compared
 * between the columns for the header (model.h's struct fact).
 *
 * A fact differs when the columns do not all have the same values: then
 * the comparison is not of the axis alone.  A fact that varies alike in
 * every column does not differ; one that is part of what the axis changes
 * (the kernel's config when the columns are kernels) follows the axis
 * and differs only if one column has two values.
 */
#ifndef BOOTBENCH_REPORT_FACTS_H
#define BOOTBENCH_REPORT_FACTS_H

#include "report/model.h"

/* r->facts from the runs of r's measurements, after its columns. */
void facts_build(struct report *r);

#endif
