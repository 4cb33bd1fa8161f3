/* SPDX-License-Identifier: GPL-2.0-only */
/* sysfs_text.c: reading sysfs's choice lists (sysfs_text.h). */
#include "init/kernel/sysfs_text.h"

#include <stdio.h>
#include <string.h>

void sysfs_selected(const char *text, char *out, size_t size)
{
	const char *open = strchr(text, '['), *close = open ? strchr(open, ']') : NULL;

	if (open && close)
		snprintf(out, size, "%.*s", (int)(close - open - 1), open + 1);
	else
		snprintf(out, size, "%.*s", (int)strcspn(text, " \n"), text);
}
