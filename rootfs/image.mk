# SPDX-License-Identifier: GPL-2.0-only
# The base initramfs: skeleton + every package's staging tree + our programs.
#
# Each package recipe (rootfs/packages/*.mk) adds its stamp to IMAGE_STAGES
# and its staging directory to IMAGE_STAGE_DIRS; our programs add
# "BUILT_FILE=PATH_IN_IMAGE" words to IMAGE_PROGRAMS and the file to
# IMAGE_PROGRAM_FILES.

IMAGE      := $(OUT)/bootbench.cpio.gz
IMAGE_TREE := $(BUILD)/image
SKELETON   := $(TOP)/rootfs/skeleton

$(IMAGE): $(IMAGE_STAGES) $(IMAGE_PROGRAM_FILES) $(shell find $(SKELETON)) \
		$(TOP)/rootfs/assemble $(TOP)/rootfs/image.mk | deps
	@echo "  CPIO    $(@:$(TOP)/%=%)"
	$(Q)$(TOP)/rootfs/assemble $(IMAGE_TREE) $@ $(SKELETON) \
		$(IMAGE_STAGE_DIRS) -- $(IMAGE_PROGRAMS)
	@echo "  IMAGE   $(@:$(TOP)/%=%) $$(du -k $@ | cut -f1) KiB"
