/* SPDX-License-Identifier: GPL-2.0-only */
/* results_path.c: the rule for a path on the results partition (results_path.h). */
#include "init/kernel/results_path.h"

#include <ctype.h>
#include <string.h>

bool results_path_ok(const char *p)
{
	size_t len = strlen(p);

	if (len == 0 || len > RESULTS_PATH_MAX || p[0] == '/')
		return false;
	for (const char *s = p; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr(RESULTS_PATH_CHARS, *s))
			return false;
	for (const char *s = p; (s = strstr(s, "..")); s += 2)
		if ((s == p || s[-1] == '/') && (s[2] == '/' || s[2] == '\0'))
			return false;
	return true;
}
