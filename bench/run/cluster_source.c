/* SPDX-License-Identifier: GPL-2.0-only */
/* cluster_source.c: the cluster template or initdb, chosen and checked. */
#include "bench/run/cluster_source.h"
#include "bench/msg.h"
#include "bench/pg/pg.h"
#include "common/fileio.h"
#include "common/jsonread.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The digest image.json records for the image's template into digest
 * ("" when there is no image.json: a tree that is not the image's).
 * 0 or fail(). */
static int image_digest(char digest[SHA256_HEX_SIZE])
{
	size_t len;
	struct jr_error err;

	digest[0] = '\0';
	char *text = read_text(IMAGE_JSON, 1 << 20, &len);
	if (!text)
		return errno == ENOENT ? 0 : fail("could not read \"%s\":", IMAGE_JSON);
	struct jr_value *v = jr_parse(text, len, &err);
	free(text);
	if (!v)
		return fail("\"%s\" is not JSON", IMAGE_JSON);
	const char *d = jr_str(jr_path(v, "cluster.digest"));
	if (d)
		snprintf(digest, SHA256_HEX_SIZE, "%s", d);
	jr_free(v);
	if (!d)
		return fail("\"%s\" records no cluster.digest", IMAGE_JSON);
	return 0;
}

static int check_template(struct cluster_source *c)
{
	char recorded[SHA256_HEX_SIZE];

	if (cluster_read(CLUSTER_MANIFEST, &c->manifest) < 0 || image_digest(recorded) < 0)
		return -1;
	if (recorded[0] && strcmp(recorded, c->manifest.digest) != 0)
		return fail("cluster manifest %s: its digest %.12s is not the image's (%s records "
			    "%.12s); the image was changed after it was built (make builds it again)",
			    CLUSTER_MANIFEST, c->manifest.digest, IMAGE_JSON, recorded);
	if (strcmp(c->manifest.initdb, pg_initdb_options()) != 0)
		return fail("cluster template %s was made by initdb %s, the runner runs initdb %s "
			    "(make builds the image again)", c->path, c->manifest.initdb,
			    pg_initdb_options());
	return cluster_check(c->path, &c->manifest);
}

int cluster_source_choose(struct cluster_source *c, const struct suite *s)
{
	const struct suite_param *p = suite_param(s, "suite", "cluster");
	const char *want = p ? p->values[0] : "auto";
	bool have = access(CLUSTER_MANIFEST, F_OK) == 0;

	*c = (struct cluster_source){ .path = CLUSTER_TEMPLATE };
	if (strcmp(want, "initdb") == 0)
		return 0;
	if (strcmp(want, "template") == 0 && !have)
		return fail("suite \"%s\": cluster = template, but there is no %s: this is not "
			    "the image's tree (cluster = initdb or auto runs initdb)", s->name,
			    CLUSTER_MANIFEST);
	if (strcmp(want, "template") == 0 && !pg_bindir_is_image())
		return fail("suite \"%s\": cluster = template is made by the image's PostgreSQL "
			    "(%s), not the programs given (--pg-bindir)", s->name, PG_BINDIR);
	if (!have || !pg_bindir_is_image()) {
		snprintf(c->why, sizeof(c->why), "%s", !have ? "the image's tree has no cluster template"
			 : "the PostgreSQL run is not the image's");
		return 0;
	}
	c->template = true;
	return check_template(c);
}
