/* SPDX-License-Identifier: GPL-2.0-only */
/* usage.c: usage errors in the tools' conventions (usage.h). */
#include "report/usage.h"

#include "common/cli.h"
#include "report/diag.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *usage_long_name(const struct option *longopts, int val)
{
	for (const struct option *l = longopts; l->name; l++)
		if (l->val == val)
			return l->name;
	return NULL;
}

int usage_option_error(const struct option *longopts, int c, const char *arg)
{
	const char *name = usage_long_name(longopts, optopt);

	if (c == ':' && name)
		return cli_usage_error(NULL, "option \"--%s\" needs a value", name);
	if (name)
		return cli_usage_error(NULL, "option \"--%s\" takes no value", name);
	if (optopt)
		return cli_usage_error(NULL, "unknown option \"-%c\"", optopt);

	int len = (int)strcspn(arg, "="), matches = 0;

	if (len > 2 && strncmp(arg, "--", 2) == 0)
		for (const struct option *l = longopts; l->name; l++)
			matches += strncmp(l->name, arg + 2, (size_t)len - 2) == 0;
	if (matches > 1)
		return cli_usage_error(NULL, "option \"%.*s\" is ambiguous", len, arg);
	return cli_usage_error(NULL, "unknown option \"%.*s\"", len, arg);
}

bool usage_no_value(const char *optarg, char **argv, int optind)
{
	return *optarg == '\0' || (optarg == argv[optind - 1] && strncmp(optarg, "--", 2) == 0);
}

bool usage_percentage(const char *option, const char *arg, double lo, bool with_lo, double *out)
{
	char *end;
	double v = strtod(arg, &end);

	if (end == arg || *end || !(with_lo ? v >= lo : v > lo) || !(v < 100)) {
		fail("%s: not a percentage %s %g and below 100: '%s'", option,
		     with_lo ? "from" : "above", lo, arg);
		return false;
	}
	*out = v;
	return true;
}
