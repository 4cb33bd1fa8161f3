/* SPDX-License-Identifier: GPL-2.0-only */
/* model_conf.c: /etc/bootbench/models.conf into struct model_profile. */
#include "init/disks/model_conf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each numeric key, its place in the struct and its range. */
static const struct {
	const char *key;
	size_t offset;
	long long min, max;
} numbers[] = {
	{ "latency_ns", offsetof(struct model_profile, latency_ns), 1, 1000000000LL },
	{ "cache_mib", offsetof(struct model_profile, cache_mib), 0, 65536 },
	{ "mbps", offsetof(struct model_profile, mbps), 0, 1000000 },
	{ "queue_depth", offsetof(struct model_profile, queue_depth), 1, 4096 },
	{ "queues", offsetof(struct model_profile, queues), 1, 256 },
	{ "block", offsetof(struct model_profile, block), 512, 4096 },
};
#define NUMBERS (sizeof numbers / sizeof numbers[0])

static int bad(char *err, size_t errlen, int line, const char *fmt, const char *what)
{
	int n = snprintf(err, errlen, "line %d: ", line);

	if (n >= 0 && (size_t)n < errlen)
		snprintf(err + n, errlen - n, fmt, what);
	return -1;
}

/* One KEY=VALUE word into m; seen marks the keys given. */
static int set_key(struct model_profile *m, char *word, unsigned *seen, int line,
		   char *err, size_t errlen)
{
	char *eq = strchr(word, '='), *end;
	long long v;

	if (!eq || eq == word)
		return bad(err, errlen, line, "\"%s\" is not KEY=VALUE", word);
	*eq = '\0';
	if (strcmp(word, "source") == 0) {
		snprintf(m->source, sizeof m->source, "%s", eq + 1);
		*seen |= 1u << NUMBERS;
		return 0;
	}
	if (strcmp(word, "fua") == 0) {
		if (strcmp(eq + 1, "0") && strcmp(eq + 1, "1"))
			return bad(err, errlen, line, "fua is 0 or 1, not \"%s\"", eq + 1);
		m->fua = eq[1] == '1';
		*seen |= 1u << (NUMBERS + 1);
		return 0;
	}
	for (size_t i = 0; i < NUMBERS; i++) {
		if (strcmp(word, numbers[i].key) != 0)
			continue;
		errno = 0;
		v = strtoll(eq + 1, &end, 10);
		if (errno || end == eq + 1 || *end || v < numbers[i].min || v > numbers[i].max ||
		    (strcmp(word, "block") == 0 && (v & (v - 1))))
			return bad(err, errlen, line, "%s out of range (or not a number)", word);
		*(long long *)((char *)m + numbers[i].offset) = v;
		*seen |= 1u << i;
		return 0;
	}
	return bad(err, errlen, line, "unknown key \"%s\"", word);
}

int model_conf_parse(char *text, struct model_profile *models, size_t max, size_t *count,
		     char *err, size_t errlen)
{
	const unsigned all = (1u << (NUMBERS + 2)) - 1;
	char *line;
	int n = 0;

	*count = 0;
	for (char *next = text; (line = next); ) {
		char *nl = strchr(line, '\n'), *hash, *wsave = NULL, *word;
		struct model_profile m = { .name = "" };
		unsigned seen = 0;

		next = nl ? nl + 1 : NULL;
		if (nl)
			*nl = '\0';
		n++;
		if ((hash = strchr(line, '#')))
			*hash = '\0';
		word = strtok_r(line, " \t", &wsave);
		if (!word)
			continue;
		if (strlen(word) >= sizeof m.name || strchr(word, '=') || strchr(word, ':'))
			return bad(err, errlen, n, "\"%s\" is not a model name", word);
		snprintf(m.name, sizeof m.name, "%s", word);
		if (model_conf_find(models, *count, m.name))
			return bad(err, errlen, n, "model %s is named twice", m.name);
		while ((word = strtok_r(NULL, " \t", &wsave)))
			if (set_key(&m, word, &seen, n, err, errlen) < 0)
				return -1;
		if (seen != all)
			return bad(err, errlen, n, "model %s lacks a key (latency_ns, cache_mib, fua, "
				   "mbps, queue_depth, queues, block and source are all needed)", m.name);
		if (*count == max)
			return bad(err, errlen, n, "%s: too many models", m.name);
		models[(*count)++] = m;
	}
	if (*count == 0)
		return bad(err, errlen, n, "%s", "no model at all");
	return 0;
}

const struct model_profile *model_conf_find(const struct model_profile *models, size_t count,
					    const char *name)
{
	if ((!name || !name[0]) && count)
		return &models[0];
	for (size_t i = 0; i < count; i++)
		if (name && strcmp(models[i].name, name) == 0)
			return &models[i];
	return NULL;
}
