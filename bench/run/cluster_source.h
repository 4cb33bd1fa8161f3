/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cluster_source.h: where a fresh environment's data directory comes from,
 * as [suite] cluster asks: a copy of the image's cluster template, or
 * initdb.  The template is checked once, before anything is formatted.
 */
#ifndef BOOTBENCH_CLUSTER_SOURCE_H
#define BOOTBENCH_CLUSTER_SOURCE_H

#include <stdbool.h>

#include "bench/pg/cluster.h"
#include "bench/suite/suite.h"

#define IMAGE_JSON "/etc/bootbench/image.json"

struct cluster_source {
	bool template;                   /* copy the template; else initdb */
	const char *path;                /* the template's directory */
	struct cluster_manifest manifest;
	char why[160];                   /* why initdb, when [suite] cluster = auto chose it */
};

/*
 * Choose for suite s: cluster = initdb, initdb; template, the template
 * (fail() if the image has none); auto, the template where the image has
 * one and the programs run are the image's PostgreSQL (PG_BINDIR).  A
 * template chosen is checked: its manifest's digest against image.json's
 * (where there is one), the options initdb was run with against the
 * runner's own, and every file against the manifest.  0 or fail().
 */
int cluster_source_choose(struct cluster_source *c, const struct suite *s);

#endif
