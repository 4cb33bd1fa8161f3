/* SPDX-License-Identifier: GPL-2.0-only */
/* cluster_source.c: the cluster template or initdb, chosen and checked. */
#include "bench/run/cluster_source.h"
#include "bench/msg.h"
#include "bench/pg/pg.h"
#include "bench/suite/first_loads.h"
#include "common/fileio.h"
#include "common/jsonread.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The digest image.json records at key (cluster.digest, the cluster
 * template's) into digest ("" when there is no image.json: a tree that is
 * not the image's).  0 or fail(). */
static int image_digest(const char *key, char digest[SHA256_HEX_SIZE])
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
	const char *d = jr_str(jr_path(v, key));
	if (d)
		snprintf(digest, SHA256_HEX_SIZE, "%s", d);
	jr_free(v);
	if (!d)
		return fail("\"%s\" records no %s", IMAGE_JSON, key);
	return 0;
}

/* The template dir whose manifest m (read from path) is, checked against
 * the image's record at key.  0 or fail(). */
static int check_template(const char *dir, const char *path, const char *key,
			  const struct cluster_manifest *m)
{
	char recorded[SHA256_HEX_SIZE];

	if (image_digest(key, recorded) < 0)
		return -1;
	if (recorded[0] && strcmp(recorded, m->digest) != 0)
		return fail("cluster manifest %s: its digest %.12s is not the image's (%s records "
			    "%.12s); the image was changed after it was built (make builds it again)",
			    path, m->digest, IMAGE_JSON, recorded);
	if (strcmp(m->initdb, pg_initdb_options()) != 0)
		return fail("cluster template %s was made by initdb %s, the runner runs initdb %s "
			    "(make builds the image again)", dir, m->initdb, pg_initdb_options());
	return cluster_check(dir, m);
}

const char *cluster_loaded_for(const struct cluster_source *c, const struct bench_case *bc)
{
	char cmd[CLUSTER_LOAD_MAX];

	if (!c->loaded || !case_load(bc, cmd, sizeof(cmd)))
		return NULL;
	return strcmp(cmd, c->loaded_manifest.load) == 0 ? c->loaded_manifest.load : NULL;
}

/* Whether load is the loaded template's (ctx: the cluster source). */
static void wants(void *ctx, const char *load)
{
	struct cluster_source *c = ctx;

	if (strcmp(load, c->loaded_manifest.load) == 0)
		c->loaded = true;
}

/* The loaded template, for suite s when the first case of one of its
 * environments would run the load that made it.  0 or fail(). */
static int choose_loaded(struct cluster_source *c, const struct suite *s)
{
	const struct suite_param *p = suite_param(s, "suite", "load");

	c->loaded_path = CLUSTER_LOADED;
	if (p && strcmp(p->values[0], "run") == 0) {
		snprintf(c->loaded_why, sizeof(c->loaded_why), "load = run");
		return 0;
	}
	if (access(CLUSTER_LOADED_MANIFEST, F_OK) != 0) {
		snprintf(c->loaded_why, sizeof(c->loaded_why), "not in this boot's image (%s): "
			 "qemu/run leaves it out of a suite that does not start from it",
			 CLUSTER_LOADED_MANIFEST);
		return 0;
	}
	if (cluster_read(CLUSTER_LOADED_MANIFEST, &c->loaded_manifest) < 0)
		return -1;
	suite_first_loads(s, wants, c);
	if (!c->loaded) {
		snprintf(c->loaded_why, sizeof(c->loaded_why),
			 "no environment's first case runs its load (%.80s)",
			 c->loaded_manifest.load);
		return 0;
	}
	return check_template(CLUSTER_LOADED, CLUSTER_LOADED_MANIFEST, "cluster.loaded.digest",
			      &c->loaded_manifest);
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
	if (cluster_read(CLUSTER_MANIFEST, &c->manifest) < 0 ||
	    check_template(c->path, CLUSTER_MANIFEST, "cluster.digest", &c->manifest) < 0)
		return -1;
	return choose_loaded(c, s);
}
