# SPDX-License-Identifier: GPL-2.0-only
# bootbench: a bootable PostgreSQL benchmark appliance.
#
#   make            build the base initramfs out/bootbench.cpio.gz
#   make run        build what is missing and run the quick suite in QEMU
#   make check      run every test (unit tests, image tests, QEMU boots)
#   make figures    print image sizes and build times
#   make fuzz       fuzz the parsers of outside input (clang, libFuzzer)
#   make deps       check (as root: install) the host tools (make, make run
#                   and make kernels check only the build's)
#   make clean      remove build products, keep downloads
#   make distclean  also remove the build directory's apt state
#
# Downloads are cached in $(BOOTBENCH_CACHE) (default ~/.cache/bootbench).

.DEFAULT_GOAL := all
.DELETE_ON_ERROR:
SHELL := /bin/sh

include mk/common.mk

# A make of the tree runs JOBS recipes at once (-jN on the command line
# says otherwise): the packages build side by side, their configure steps
# overlap, and their sub-makes take jobs from the same pool.  A make
# started by another (MAKELEVEL > 0) takes the jobs it is given, and a
# cleaning goal runs alone (make clean all would otherwise remove what
# the build beside it makes).
ifeq ($(MAKELEVEL)$(filter clean distclean,$(MAKECMDGOALS)),0)
MAKEFLAGS += -j$(JOBS)
endif

include mk/ccache.mk
include mk/package.mk
include mk/unit-tests.mk
include rootfs/versions.mk
include $(sort $(wildcard rootfs/packages/*.mk))
include $(sort $(wildcard init/*.mk bench/*.mk report/*.mk kernel-configs/*.mk qemu/*.mk lab/*.mk host/*.mk))
include rootfs/cluster.mk
include rootfs/image-info.mk
include rootfs/image.mk
include tests/check.mk

.PHONY: all deps clean distclean

all: $(IMAGE)

# The host's packages, before any job: a make of the tree that builds
# checks them while it reads its makefiles, and as root installs what is
# missing, so that nothing starts compiling beside apt-get (make -j; on a
# bare host the report's objects did).  make, make run, make kernels and
# make perf need the build's and QEMU's alone (mk/host-deps build), any
# other goal (make check, make deps, a file) the tests' too.  Not for a
# make that only prints or asks (-n, -q, -t, -p: shell completion runs
# make -npq), a cleaning one, or one under another make (the top one
# checked); those run it as the order-only prerequisite deps, as before.
DEPS_BUILD_GOALS := all run kernels perf
DEPS_MODE := $(if $(filter-out $(DEPS_BUILD_GOALS),$(or $(MAKECMDGOALS),all)),all,build)
deps_letters := $(filter-out -%,$(firstword $(MAKEFLAGS)))
DEPS_NOW := $(and $(filter 0,$(MAKELEVEL)),$(filter-out clean distclean,$(or \
	$(MAKECMDGOALS),all)),$(if $(findstring n,$(deps_letters))$(findstring \
	q,$(deps_letters))$(findstring t,$(deps_letters))$(findstring p,$(deps_letters)),,yes))
ifneq ($(DEPS_NOW),)
$(shell PATH="$$PATH:/usr/sbin:/sbin" $(TOP)/mk/host-deps $(DEPS_MODE) >&2)
ifneq ($(.SHELLSTATUS),0)
$(error the host packages named above are missing)
endif
endif

deps:
	$(if $(DEPS_NOW),@:,$(Q)PATH="$$PATH:/usr/sbin:/sbin" $(TOP)/mk/host-deps $(DEPS_MODE))

# The kernel's headers for musl-gcc: the pinned linux-libc-dev
# (LINUX_HEADERS, rootfs/versions.mk) extracted under $(BUILD), not the
# host's, and links to the folders of it that our C and the packages
# include.  Made again when that pin changes ($(KINC_PIN), rewritten only
# then), not with every change of versions.mk.
KINC_DEB := $(BUILD)/linux-libc-dev
KINC_PIN := $(BUILD)/linux-libc-dev.pin
$(KINC_PIN): $(TOP)/rootfs/versions.mk
	$(Q)mkdir -p $(@D) && pin='$(LINUX_HEADERS_SUITE) $(LINUX_HEADERS_DEB) $(LINUX_HEADERS_VERSION)' && \
		{ [ "$$(cat $@ 2>/dev/null)" = "$$pin" ] || echo "$$pin" >$@; }
$(KINC)/.done: $(KINC_PIN) | deps
	@echo "  UNPACK  $(LINUX_HEADERS_DEB) $(LINUX_HEADERS_VERSION) (the kernel's headers)"
	$(Q)$(call unpack,LINUX_HEADERS,$(KINC_DEB)) >/dev/null
	$(Q)rm -rf $(KINC) && mkdir -p $(KINC)
	$(Q)for d in linux asm-generic mtd x86_64-linux-gnu/asm; do \
		[ -d $(KINC_DEB)/usr/include/$$d ] || { echo "$(LINUX_HEADERS_DEB): no usr/include/$$d" >&2; exit 1; }; \
		ln -s $(KINC_DEB)/usr/include/$$d $(KINC)/$${d##*/}; \
	done
	$(Q)touch $@

clean:
	rm -rf $(OUT) $(filter-out $(BUILD)/apt,$(wildcard $(BUILD)/*))

distclean:
	rm -rf $(OUT) $(BUILD)
