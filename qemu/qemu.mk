# SPDX-License-Identifier: GPL-2.0-only
# make run: build what is missing (image, suite runner, kernels) and run a
# suite in QEMU through qemu/run.
#
#   make run [RUN_KERNELS="6.12 7.2"] [RUN_SUITE=quick] [RUN_ARGS="--memory 4096"]

RUN_KERNELS ?= 6.12
RUN_SUITE   ?= quick
RUN_ARGS    ?=
RUN_INITRDS := $(foreach k,$(RUN_KERNELS),$(KERNEL_OUT)/$(call kernel_link,$(k))/initramfs.cpio.gz)

.PHONY: run
run: $(IMAGE) $(BENCH) $(RUN_INITRDS) | deps
	$(Q)$(TOP)/qemu/run $(addprefix --kernel ,$(foreach k,$(RUN_KERNELS),$(call kernel_link,$(k)))) \
		--suite $(RUN_SUITE) $(RUN_ARGS)
