# SPDX-License-Identifier: GPL-2.0-only
# /etc/bootbench/image.json: what the image was built from, recorded in
# every run.json as "image" (doc/results-format.md): git describe of the
# tree, a hash of rootfs/versions.mk, how PostgreSQL was compiled, and the
# digests of the cluster template and the loaded one (rootfs/cluster.mk).
# rootfs/image-info runs on every make and rewrites the file (so the image
# is rebuilt) only when its text changes.
#
# The PostgreSQL recipe defines POSTGRESQL_BUILD_CC, POSTGRESQL_BUILD_CFLAGS,
# POSTGRESQL_ALLOCATOR and POSTGRESQL_MEMCPY; a recipe without them compiles
# with musl-gcc -O2, musl's malloc and libc's memcpy.

IMAGE_INFO := $(BUILD)/image-info/image.json
# The same without the cluster template's facts, for the id the programs
# are compiled with: the template's manifest is written by bootbench-bench.
IMAGE_ID_INFO := $(BUILD)/image-info/id.json

$(IMAGE_INFO) $(IMAGE_ID_INFO): export IMAGE_INFO_CC = $(or $(POSTGRESQL_BUILD_CC),$(MUSL_CC))
$(IMAGE_INFO) $(IMAGE_ID_INFO): export IMAGE_INFO_CFLAGS = $(if $(filter undefined,$(origin \
	POSTGRESQL_BUILD_CFLAGS)),-O2,$(POSTGRESQL_BUILD_CFLAGS))
$(IMAGE_INFO) $(IMAGE_ID_INFO): export IMAGE_INFO_ALLOCATOR = $(or $(POSTGRESQL_ALLOCATOR),musl)
$(IMAGE_INFO) $(IMAGE_ID_INFO): export IMAGE_INFO_MEMCPY = $(or $(POSTGRESQL_MEMCPY),libc)

$(IMAGE_INFO): image-info-always $(CLUSTER_MANIFEST_FILE) $(LOADED_MANIFEST_FILE)
	@mkdir -p $(@D)
	$(Q)$(TOP)/rootfs/image-info $@ $(TOP) $(CLUSTER_MANIFEST_FILE) $(LOADED_MANIFEST_FILE)

$(IMAGE_ID_INFO): image-info-always
	@mkdir -p $(@D)
	$(Q)$(TOP)/rootfs/image-info $@ $(TOP)

.PHONY: image-info-always
image-info-always:

# The same id compiled into bootbench-bench and bootbench-report, which print
# it for --version (common/image_id.h).  The JSON string's escapes (\\ and
# \") are C's too.  Rewritten only when the id changes, so the programs are
# relinked only then; written through a file of the shell's own, as two
# makes of one tree (a bisect's make kernels beside another make) both
# remake it.
IMAGE_ID_C := $(BUILD)/image-info/image-id.c

$(IMAGE_ID_C): $(IMAGE_ID_INFO)
	$(Q)id=$$($(TOP)/host/bootbench-host json-field id $<); \
	[ -n "$$id" ] || { echo "no id in $<" >&2; exit 1; }; \
	printf '%s\n' '/* Generated from image.json by rootfs/image-info.mk. */' \
		'#include "common/image_id.h"' "const char bootbench_image_id[] = \"$$id\";" >$@.$$$$.part && \
	if cmp -s $@.$$$$.part $@; then rm -f $@.$$$$.part; else mv $@.$$$$.part $@; fi

IMAGE_PROGRAMS      += $(IMAGE_INFO)=etc/bootbench/image.json
IMAGE_PROGRAM_FILES += $(IMAGE_INFO)
