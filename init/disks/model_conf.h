/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * model_conf.h: the modeled target disks' parameters, as
 * /etc/bootbench/models.conf names them (rootfs/skeleton/etc/bootbench/
 * models.conf; doc/models.md).  One model a line: its name, then
 * KEY=VALUE words; '#' starts a comment.  Pure: the text in, the models
 * out.
 */
#ifndef BOOTBENCH_INIT_MODEL_CONF_H
#define BOOTBENCH_INIT_MODEL_CONF_H

#include <stdbool.h>
#include <stddef.h>

#define MODELS_CONF	"/etc/bootbench/models.conf"
#define MODEL_NAME_MAX	32
#define MODEL_SOURCE_MAX 128
#define MODELS_MAX	16

struct model_profile {
	char name[MODEL_NAME_MAX];
	long long latency_ns;	/* each request's completion time */
	long long cache_mib;	/* volatile write cache; 0: none */
	bool fua;		/* FUA writes bypass the cache */
	long long mbps;		/* MiB/s; 0: no limit */
	long long queue_depth;
	long long queues;	/* submission queues */
	long long block;	/* logical block size, bytes */
	char source[MODEL_SOURCE_MAX];	/* where the figures come from */
};

/* Every model of text (split in place) into models[0..*count); the first
 * is the default.  -1 with err naming the line and what is wrong: an
 * unknown or missing key, a value out of range, a name given twice. */
int model_conf_parse(char *text, struct model_profile *models, size_t max, size_t *count,
		     char *err, size_t errlen);

/* The model called name ("" or NULL: the first), or NULL. */
const struct model_profile *model_conf_find(const struct model_profile *models, size_t count,
					    const char *name);

#endif
