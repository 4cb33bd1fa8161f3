# SPDX-License-Identifier: GPL-2.0-only
# make run: build what is missing (image, suite runner, kernels) and run a
# suite in QEMU through qemu/run.
#
#   make run [RUN_KERNELS="6.12 7.2"] [RUN_VARIANTS="pti=on mitigations=off"]
#            [RUN_SUITE=quick] [RUN_ARGS="--memory 4096"]
#
# RUN_VARIANTS: kernel variants booted beside each kernel as it is, each
# written as its name, its parameters joined with '+' ("pti=on+nosmt"):
# RUN_KERNELS=6.12 RUN_VARIANTS=pti=on boots 6.12 and 6.12 with pti=on
# (qemu/run --kernel 6.12 --kernel "6.12 pti=on").  A bad one stops make
# before anything is built.
#
# RUN_ARGS="--clock instructions" measures in QEMU's instruction time
# under TCG instead of the host's time (doc/clocks.md).

RUN_KERNELS  ?= 6.12
RUN_VARIANTS ?=
RUN_SUITE    ?= quick
RUN_ARGS     ?=
RUN_INITRDS  := $(foreach k,$(RUN_KERNELS),$(KERNEL_OUT)/$(call kernel_link,$(k))/initramfs.cpio.gz)

ifneq ($(strip $(RUN_VARIANTS)),)
ifneq ($(filter run,$(MAKECMDGOALS)),)
run_variants_error := $(shell $(TOP)/host/bootbench-host variant-check \
	$(foreach v,$(RUN_VARIANTS),'$(subst ','\'',$(v))') 2>&1 | sed 's/^bootbench-host: //')
$(if $(run_variants_error),$(error RUN_VARIANTS: $(run_variants_error)))
endif
endif

# --kernel K, then --kernel "K PARAMETER..." for each variant.
RUN_BOOTS := $(foreach k,$(RUN_KERNELS),--kernel $(call kernel_link,$(k)) \
	$(foreach v,$(RUN_VARIANTS),--kernel '$(call kernel_link,$(k)) $(subst +, ,$(v))'))

# The image first (kernels.mk's name for it: $(IMAGE) is defined after
# this file, and was empty here), so that make -j meets PostgreSQL and
# what it needs before anything else (rootfs/image.mk).
.PHONY: run
run: $(KERNEL_BASE) $(BENCH) $(RUN_INITRDS) | deps
	$(Q)$(TOP)/qemu/run $(RUN_BOOTS) --suite $(RUN_SUITE) $(RUN_ARGS)
