/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * model_conf.c: tests of init/disks/model_conf.c, the models of
 * /etc/bootbench/models.conf, and of the model specs of devspec.c: the
 * tree's own file parses (every model with every key, nvme first), a
 * model is found by name or as the default, and every kind of bad line is
 * refused with its line number; "model", "model:NAME" and
 * "model:NAME:MIB" are specs, and their malformed kin are not.
 */
#include "init/disks/model_disk.h"
#include "init/disks/model_conf.h"
#include "init/kernel/devspec.h"

#include "tap.h"

#include <stdlib.h>
#include <string.h>

#include "common/fileio.h"

static struct model_profile models[MODELS_MAX];
static size_t count;
static char err[256];

static int parse(const char *text)
{
	char buf[1024];

	snprintf(buf, sizeof buf, "%s", text);
	err[0] = '\0';
	return model_conf_parse(buf, models, MODELS_MAX, &count, err, sizeof err);
}

#define LINE "a latency_ns=20000 cache_mib=32 fua=1 mbps=100 queue_depth=32 queues=1 block=512 source=s"

static void refused(const char *text, const char *want, const char *what)
{
	ok(parse(text) < 0 && strstr(err, want), "%s: refused (%s)", what, err);
}

static void the_tree_file(void)
{
	const char *top = getenv("TOP");
	char path[4096], *text;

	snprintf(path, sizeof path, "%s/rootfs/skeleton/etc/bootbench/models.conf", top ? top : ".");
	text = read_text(path, 1 << 16, NULL);
	if (!ok(text != NULL, "%s reads", path))
		return;
	ok(model_conf_parse(text, models, MODELS_MAX, &count, err, sizeof err) == 0,
	   "the tree's models.conf parses (%s)", err);
	free(text);
	ok(count >= 2 && strcmp(models[0].name, "nvme") == 0, "nvme is its first model, the default");
	const struct model_profile *s = model_conf_find(models, count, "sata");
	ok(s && s->latency_ns == 25000 && s->queue_depth == 32 && s->fua && s->block == 512,
	   "sata: 25 us a request, 32 requests a queue, FUA, 512-byte blocks");
	ok(model_conf_find(models, count, "") == &models[0] &&
	   model_conf_find(models, count, NULL) == &models[0], "no name: the first model");
	ok(model_conf_find(models, count, "nosuch") == NULL, "an unknown name: none");
}

static void lines(void)
{
	ok(parse("# a comment\n\n" LINE "   # and a comment after\n") == 0 && count == 1 &&
	   models[0].latency_ns == 20000 && models[0].cache_mib == 32 && models[0].fua &&
	   models[0].mbps == 100 && strcmp(models[0].source, "s") == 0,
	   "comments, blank lines and a model with every key (%s)", err);
	refused("\n" LINE "\n" LINE "\n", "line 3: model a is named twice", "a model named twice");
	refused("a latency_ns=1\n", "line 1: model a lacks a key", "a key missing");
	refused(LINE " colour=red\n", "line 1: unknown key \"colour\"", "an unknown key");
	refused("a latency_ns=0 cache_mib=32 fua=1 mbps=100 queue_depth=32 queues=1 block=512 source=s",
		"line 1: latency_ns out of range", "a latency of 0");
	refused("a latency_ns=1 cache_mib=32 fua=1 mbps=100 queue_depth=32 queues=1 block=1000 source=s",
		"block out of range", "a block size that is not a power of two");
	refused("a latency_ns=1x cache_mib=32 fua=1 mbps=100 queue_depth=32 queues=1 block=512 source=s",
		"latency_ns out of range (or not a number)", "a value that is not a number");
	refused("a latency_ns=1 cache_mib=32 fua=2 mbps=100 queue_depth=32 queues=1 block=512 source=s",
		"fua is 0 or 1", "fua neither 0 nor 1");
	refused("a:b latency_ns=1\n", "\"a:b\" is not a model name", "a name with ':'");
	refused("a latency_ns\n", "\"latency_ns\" is not KEY=VALUE", "a word without '='");
	refused("# nothing\n", "no model at all", "no model");
}

static void specs(void)
{
	static const struct {
		const char *text, *value;	/* value NULL: refused */
		const char *name;
		long long mib;
	} cases[] = {
		{ "model", "", "", 0 }, { "model:nvme", "nvme", "nvme", 0 },
		{ "model:sata:512", "sata:512", "sata", 512 }, { "model:my_disk-2", "my_disk-2", "my_disk-2", 0 },
		{ "model:", NULL, NULL, 0 }, { "model::512", NULL, NULL, 0 }, { "model:nvme:", NULL, NULL, 0 },
		{ "model:nvme:0", NULL, NULL, 0 }, { "model:nvme:12x", NULL, NULL, 0 },
		{ "model:nv/me", NULL, NULL, 0 }, { "model:a:1:2", NULL, NULL, 0 },
	};
	char why[128], name[MODEL_NAME_MAX], text[DEVSPEC_MAX + 16];

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct devspec s;
		int rc = devspec_parse(&s, cases[i].text, why, sizeof why);
		long long mib;

		if (!cases[i].value) {
			ok(rc < 0 && strstr(why, "model, model:NAME or model:NAME:MIB"),
			   "'%s' is refused (%s)", cases[i].text, why);
			continue;
		}
		model_spec_split(&s, name, &mib);
		ok(rc == 0 && s.kind == DEVSPEC_MODEL && strcmp(s.value, cases[i].value) == 0 &&
		   strcmp(name, cases[i].name) == 0 && mib == cases[i].mib &&
		   strcmp(devspec_str(&s, text, sizeof text), cases[i].text) == 0,
		   "'%s': a model spec, said back as written", cases[i].text);
	}
	struct devspec s;
	ok(devspec_parse(&s, "modelx", why, sizeof why) < 0, "'modelx' is no spec");
}

int main(void)
{
	the_tree_file();
	lines();
	specs();
	return tap_done();
}
