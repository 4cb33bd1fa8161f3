/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * variant.c: tests of init/kernel/variant.c, the name of a kernel variant:
 * every name of tests/lib/variant-names.txt gets the verdict the file
 * gives it (host/bootbench/variants.py is held to the same file by
 * tests/host/variants.test), and a good name's parameters come out in
 * order.
 */
#include "init/kernel/variant.h"

#include "tap.h"

#include <stdlib.h>
#include <string.h>

int main(void)
{
	const char *top = getenv("TOP");
	char path[4096], line[2048], why[512];
	struct variant v;
	int names = 0;
	FILE *f;

	snprintf(path, sizeof path, "%s/tests/lib/variant-names.txt", top ? top : ".");
	f = fopen(path, "r");
	if (!ok(f != NULL, "%s opens", path))
		return tap_done();
	while (fgets(line, sizeof line, f)) {
		char *tab = strchr(line, '\t'), *want;
		int rc;

		if (line[0] == '#' || !tab)
			continue;
		*tab = '\0';
		want = tab + 1;
		want[strcspn(want, "\n")] = '\0';
		rc = variant_parse(line, &v, why, sizeof why);
		names++;
		if (strcmp(want, "ok") == 0)
			ok(rc == 0 && strcmp(v.name, line) == 0, "'%.40s' is a variant (%s)", line,
			   rc ? why : "");
		else
			ok(rc == -1 && strcmp(why, want) == 0 && v.name[0] == '\0' && v.count == 0,
			   "'%.40s' is refused: %s%s%s", line, want, rc ? "; got: " : "", rc ? why : "");
	}
	fclose(f);
	ok(names >= 20, "%d names read", names);

	ok(variant_parse("pti=on+nosmt+nohz_full=1-3", &v, why, sizeof why) == 0, "three parameters");
	ok(v.count == 3 && !strcmp(v.param[0], "pti=on") && !strcmp(v.param[1], "nosmt") &&
	   !strcmp(v.param[2], "nohz_full=1-3"), "in the order of the name");
	return tap_done();
}
