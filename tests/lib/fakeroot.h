/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tests/lib/fakeroot.h: a fake root directory for the C unit tests of
 * code that reads /proc and /sys below a root ("" on the machine):
 *
 *   fakeroot_put(root, "/proc/231/stat", "231 (jbd2/vdb1-8) D 2\n")
 *
 * writes the text to root/path, making its directories; a file that
 * cannot be written ends the test (exit 1, no plan: it fails).
 */
#ifndef BOOTBENCH_TEST_FAKEROOT_H
#define BOOTBENCH_TEST_FAKEROOT_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fakeroot_put(const char *root, const char *path, const char *text)
{
	char full[4096], cmd[4200];
	FILE *f;

	snprintf(full, sizeof full, "%s%s", root, path);
	snprintf(cmd, sizeof cmd, "mkdir -p \"$(dirname '%s')\"", full);
	if (system(cmd) != 0 || !(f = fopen(full, "w"))) {
		printf("# cannot write %s: %s\n", full, strerror(errno));
		exit(1);
	}
	fputs(text, f);
	fclose(f);
}

#endif
