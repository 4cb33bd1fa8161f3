/* SPDX-License-Identifier: GPL-2.0-only */
/* devspec.c: PARTLABEL=, PARTUUID=, LABEL=, a /dev/ path or a model. */
#include "init/kernel/devspec.h"

#include <stdio.h>
#include <string.h>

static const struct {
	const char *prefix;
	enum devspec_kind kind;
} kinds[] = {
	{ "PARTLABEL=", DEVSPEC_PARTLABEL },
	{ "PARTUUID=", DEVSPEC_PARTUUID },
	{ "LABEL=", DEVSPEC_LABEL },
	{ "/dev/", DEVSPEC_PATH },
};

static int bad(char *err, size_t errlen, const char *what)
{
	snprintf(err, errlen, "%s", what);
	return -1;
}

static int printable(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 0;
	return 1;
}

/* "model", "model:NAME" or "model:NAME:MIB": NAME letters, digits, '-'
 * and '_', MIB a whole number of MiB from 1. */
static int model_parse(struct devspec *spec, const char *text, char *err, size_t errlen)
{
	const char *v = text[5] == ':' ? text + 6 : text + 5, *colon = strchr(v, ':');
	size_t name = colon ? (size_t)(colon - v) : strlen(v);

	if ((text[5] == ':' && !name) || strspn(v, "abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") != name || name >= 32 ||
	    (colon && (!colon[1] || colon[1] == '0' || strspn(colon + 1, "0123456789") !=
		       strlen(colon + 1) || strlen(colon + 1) > 7)))
		return bad(err, errlen, "model, model:NAME or model:NAME:MIB");
	spec->kind = DEVSPEC_MODEL;
	snprintf(spec->value, sizeof spec->value, "%s", v);
	return 0;
}

int devspec_parse(struct devspec *spec, const char *text, char *err, size_t errlen)
{
	spec->kind = DEVSPEC_NONE;
	spec->value[0] = '\0';
	if (strncmp(text, "model", 5) == 0 && (!text[5] || text[5] == ':'))
		return model_parse(spec, text, err, errlen);
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		size_t plen = strlen(kinds[i].prefix);
		const char *v;

		if (strncmp(text, kinds[i].prefix, plen) != 0)
			continue;
		v = kinds[i].kind == DEVSPEC_PATH ? text : text + plen;
		if (!text[plen])
			return bad(err, errlen, "a name after the prefix");
		if (strlen(v) >= DEVSPEC_MAX)
			return bad(err, errlen, "a name of at most 255 bytes");
		if (!printable(v))
			return bad(err, errlen, "a name without control characters");
		if (kinds[i].kind == DEVSPEC_PARTUUID &&
		    strspn(v, "0123456789abcdefABCDEF-") != strlen(v))
			return bad(err, errlen, "a PARTUUID of hex digits and '-'");
		if (kinds[i].kind == DEVSPEC_PATH &&
		    (strstr(v, "/../") || strstr(v, "//") ||
		     strcmp(v + strlen(v) - 3, "/..") == 0 || v[strlen(v) - 1] == '/'))
			return bad(err, errlen, "a plain /dev/NAME path");
		spec->kind = kinds[i].kind;
		snprintf(spec->value, sizeof spec->value, "%s", v);
		return 0;
	}
	return bad(err, errlen, "PARTLABEL=NAME, PARTUUID=UUID, LABEL=LABEL, a /dev/ path or model[:NAME]");
}

const char *devspec_str(const struct devspec *spec, char *buf, size_t size)
{
	switch (spec->kind) {
	case DEVSPEC_NONE:
		snprintf(buf, size, "(none)");
		break;
	case DEVSPEC_PATH:
		snprintf(buf, size, "%s", spec->value);
		break;
	case DEVSPEC_MODEL:
		snprintf(buf, size, "model%s%s", spec->value[0] ? ":" : "", spec->value);
		break;
	default:
		for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
			if (kinds[i].kind == spec->kind)
				snprintf(buf, size, "%s%s", kinds[i].prefix, spec->value);
	}
	return buf;
}
