/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kbuild.h: which build of the kernel this is, for run.json's
 * kernel.build: the identity file that kernel-configs/kernel-dir puts
 * beside the modules (/lib/modules/<release>/identity, KEY=VALUE lines):
 * the name the kernel was prepared under, its kind (debian, deb, tree,
 * build), its source, the sha256 of its image, and for a tree its build id
 * and git commit.  Two builds of one release (a baseline and a patched
 * build) differ here.  A kernel without the file has no build (null).
 */
#ifndef BOOTBENCH_KBUILD_H
#define BOOTBENCH_KBUILD_H

#include <stdbool.h>

struct json;

struct kernel_build {
	bool present;			/* the identity file was read */
	char name[64];			/* the link name: "patched", "6.12" */
	char kind[16];			/* debian, deb, tree, build */
	char source[512];		/* the package, .deb or tree */
	char image_sha256[65];		/* of vmlinuz; "" unknown */
	char build_id[64];		/* GNU build id of vmlinux; "" none */
	char git_commit[64];		/* HEAD of the tree, -dirty; "" none */
};

/* Read root/lib/modules/<release>/identity into b (b->present false if
 * there is none; a line that is no KEY=VALUE is a warning). */
void kbuild_read(const char *root, const char *release, struct kernel_build *b);

/* "build": the object, or null when b is NULL or not present. */
void kbuild_json(struct json *j, const struct kernel_build *b);

#endif
