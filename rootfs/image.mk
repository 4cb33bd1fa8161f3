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
# The same uncompressed without the loaded template (rootfs/cluster.mk),
# written with it: what qemu/run boots for a suite that does not use it
# (kernel-configs/kernels.mk).
IMAGE_UNLOADED := $(BUILD)/image-unloaded/bootbench.cpio
IMAGE_TREE := $(BUILD)/image
SYMBOLS    := $(OUT)/symbols
SKELETON   := $(TOP)/rootfs/skeleton

# PostgreSQL first.  Its build is most of the path a cold build waits on,
# but make -j starts a job only when its walk of the graph meets it ready,
# and each walk starts every job that is ready then: PostgreSQL, ready once
# the small packages it needs are built, waited for the walk after the one
# that started them, behind busybox, util-linux and the rest (a cold make -j2
# started it at 1059 of 2176 s).  So the image's other packages, and those
# they need, wait (order-only: rebuilding one remakes nothing else) for a
# mark made once PostgreSQL's own packages are built: a walk that finds the
# mark made finds PostgreSQL ready too, and meets it first (it is the
# image's first prerequisite, and bench/bench.mk names it before inih).
# Waiting for PostgreSQL's packages alone, they could start in the walk
# whose wait for a free job noticed the last of those done after it had
# passed PostgreSQL.
# $(call pkg_closure,NAMES): NAMES and the packages they need, all the way.
pkg_closure = $(sort $(1) $(foreach n,$(1),$(call pkg_closure,$($(call pkg_upper,$(n))_DEPENDENCIES))))
IMAGE_FIRST  := $(filter $(STAMP)/postgresql,$(IMAGE_STAGES))
IMAGE_BESIDE := $(filter-out $(call pkg_closure,$(notdir $(IMAGE_FIRST))), \
	$(call pkg_closure,$(notdir $(IMAGE_STAGES))))
IMAGE_FIRST_READY := $(BUILD)/image-order/postgresql-ready
$(IMAGE_FIRST_READY): $(addprefix $(STAMP)/,$(POSTGRESQL_DEPENDENCIES))
	$(Q)mkdir -p $(@D) && touch $@
$(addprefix $(STAMP)/,$(IMAGE_BESIDE)): | $(IMAGE_FIRST_READY)

$(IMAGE): $(IMAGE_FIRST) $(IMAGE_STAGES) $(IMAGE_PROGRAM_FILES) $(shell find $(SKELETON)) \
		$(TOP)/rootfs/assemble $(TOP)/rootfs/image.mk | deps
	@echo "  CPIO    $(@:$(TOP)/%=%)"
	$(Q)$(TOP)/rootfs/assemble -s $(SYMBOLS) -u $(IMAGE_UNLOADED) $(IMAGE_TREE) $@ $(SKELETON) \
		$(IMAGE_STAGE_DIRS) -- $(IMAGE_PROGRAMS)
	@echo "  IMAGE   $(@:$(TOP)/%=%) $$(du -k $@ | cut -f1) KiB"
