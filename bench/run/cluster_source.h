/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cluster_source.h: where a fresh environment's data directory comes from,
 * as [suite] cluster and load ask: a copy of the image's cluster template,
 * a copy of its loaded template (the cluster after a workload's load), or
 * initdb.  The templates are checked once, before anything is formatted.
 */
#ifndef BOOTBENCH_CLUSTER_SOURCE_H
#define BOOTBENCH_CLUSTER_SOURCE_H

#include <stdbool.h>

#include "bench/pg/cluster.h"
#include "bench/suite/matrix.h"
#include "bench/suite/suite.h"

#define IMAGE_JSON "/etc/bootbench/image.json"

struct cluster_source {
	bool template;                   /* copy the template; else initdb */
	const char *path;                /* the template's directory */
	struct cluster_manifest manifest;
	char why[160];                   /* why initdb, when [suite] cluster = auto chose it */
	bool loaded;                     /* a case of the suite starts from the loaded template */
	const char *loaded_path;         /* its directory */
	struct cluster_manifest loaded_manifest;   /* its load: loaded_manifest.load */
	char loaded_why[160];            /* why not, when the image has one */
};

/*
 * Choose for suite s: cluster = initdb, initdb; template, the template
 * (fail() if the image has none); auto, the template where the image has
 * one and the programs run are the image's PostgreSQL (PG_BINDIR).  A
 * template chosen is checked: its manifest's digest against image.json's
 * (where there is one), the options initdb was run with against the
 * runner's own, and every file against the manifest.  With the template
 * and load = auto, the loaded template too, where the image has one and
 * the first case of an environment would run its load (loaded_for()).
 * 0 or fail().
 */
int cluster_source_choose(struct cluster_source *c, const struct suite *s);

/* The load a fresh environment whose first case is c starts with: the
 * loaded template's load when c's workload would run it, else NULL. */
const char *cluster_loaded_for(const struct cluster_source *c, const struct bench_case *bc);

#endif
