# SPDX-License-Identifier: GPL-2.0-only
# The base initramfs: skeleton + every package's staging tree + our programs,
# their ELF files stripped; unstripped copies at their paths in the image go
# to $(SYMBOLS) (out/symbols/opt/postgresql/bin/postgres, ...), which the
# host's perf reads symbols from (doc/profiles.md).
#
# Each package of the image (rootfs/packages/*.mk with NAME_IMAGE := yes) has
# its stamp in IMAGE_STAGES and its staging directory in IMAGE_STAGE_DIRS
# (mk/package.mk puts them there); our programs add
# "BUILT_FILE=PATH_IN_IMAGE" words to IMAGE_PROGRAMS and the file to
# IMAGE_PROGRAM_FILES.

IMAGE      := $(OUT)/bootbench.cpio.gz
IMAGE_TREE := $(BUILD)/image
SYMBOLS    := $(OUT)/symbols
SKELETON   := $(TOP)/rootfs/skeleton

$(IMAGE): $(IMAGE_STAGES) $(IMAGE_PROGRAM_FILES) $(shell find $(SKELETON)) \
		$(TOP)/rootfs/assemble $(TOP)/rootfs/image.mk | deps
	@echo "  CPIO    $(@:$(TOP)/%=%)"
	$(Q)$(TOP)/rootfs/assemble -s $(SYMBOLS) $(IMAGE_TREE) $@ $(SKELETON) \
		$(IMAGE_STAGE_DIRS) -- $(IMAGE_PROGRAMS)
	@echo "  IMAGE   $(@:$(TOP)/%=%) $$(du -k $@ | cut -f1) KiB"
