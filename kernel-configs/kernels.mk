# SPDX-License-Identifier: GPL-2.0-only
# Kernels for the appliance: Debian's kernel packages, and kernels built
# from Debian's linux-source packages.
#
#   make kernels [KERNELS="5.10 6.1 6.12 7.2"] [KERNEL_FLAVOUR=amd64] [BOOT_ARGS=...]
#                [VARIANTS="pti=on pti=on+nosmt"]
#       each kernel in $(OUT)/kernels/<release>/ (vmlinuz, config,
#       modules.cpio.gz, initramfs.cpio.gz, grub.cfg and boot.ipxe: its boot
#       entries, and for each kernel variant of VARIANTS, its parameters
#       joined with '+', one more menuentry and boot_<variant>.ipxe) and
#       $(OUT)/boot/grub.cfg (every kernel's), the link $(OUT)/kernels/<name>
#       (<name>-amd64 for the generic flavour).  A name is a short version
#       pinned below or an exact Debian package version (e.g. 6.1.190-1),
#       or a kernel of the user's: NAME=PATH or PATH, PATH a built kernel
#       tree or a kernel .deb (kernel-configs/user-kernel), laid out in
#       $(OUT)/kernels/<release>@NAME/ and linked as NAME (without NAME=,
#       the .deb's or the tree's file name).
#   make kernel-build KVER=6.12
#       build linux-source-KVER, laid out the same way, linked as KVER-build
#   make kernel-check CONFIG=path
#       the config checker's verdict on any kernel config
#
# Pins: KERNEL_PIN_<short> = Debian suite, package version, ABI (the kernel
# package is linux-image-<ABI>-<flavour>).  The indexes of a suite may list
# versions whose files are gone from the pool: pin versions that download.
# 6.1 is served by bookworm-security (bookworm itself has older 6.1s).

KERNEL_PIN_5.10 := bullseye          5.10.223-1  5.10.0-32
KERNEL_PIN_6.1  := bookworm-security 6.1.192-3   6.1.0-57
KERNEL_PIN_6.12 := trixie            6.12.117-1  6.12.117+deb13
KERNEL_PIN_7.2  := sid               7.2.13-1    7.2.13+deb14

# linux-source-<short> for kernel-build: Debian suite, package version.
KERNEL_SOURCE_5.10 := bullseye          5.10.223-1
KERNEL_SOURCE_6.1  := bookworm-security 6.1.192-3
KERNEL_SOURCE_6.12 := trixie            6.12.117-1
KERNEL_SOURCE_7.2  := sid               7.2.13-1

KERNEL_SHORTS  := 5.10 6.1 6.12 7.2
KERNELS        ?= 6.12
VARIANTS       ?=
KERNEL_FLAVOUR ?= cloud-amd64
KVER           ?= 6.12

KCFG        := $(TOP)/kernel-configs
KERNEL_OUT  := $(OUT)/kernels
KERNEL_TOOLS := $(KCFG)/bootbench.config $(KCFG)/check $(KCFG)/kernel-dir \
	$(KCFG)/kernels.mk $(TOP)/rootfs/debian-fetch

# A user's kernel: NAME=PATH, or a PATH (with a /), named after its file.
kernel_user = $(or $(findstring =,$(1)),$(findstring /,$(1)))
kernel_user_path = $(if $(findstring =,$(1)),$(patsubst $(firstword $(subst =, ,$(1)))=%,%,$(1)),$(1))
kernel_user_name = $(if $(findstring =,$(1)),$(firstword $(subst =, ,$(1))),$(notdir $(patsubst %.deb,%,$(patsubst %/,%,$(1)))))
# $(call kernel_link,NAME): the name of NAME's link in $(KERNEL_OUT).
kernel_link = $(if $(call kernel_user,$(1)),$(call kernel_user_name,$(1)),$(1)$(if \
	$(filter cloud-amd64,$(KERNEL_FLAVOUR)),,-$(KERNEL_FLAVOUR)))
# $(call kernel_series,VERSION): 6.1.192-3 -> 6.1
kernel_series = $(word 1,$(subst ., ,$(1))).$(word 2,$(subst ., ,$(1)))
# $(call kernel_args,NAME): "SUITE VERSION [ABI]" for debian-kernel, or empty.
kernel_args = $(or $(KERNEL_PIN_$(1)),$(if $(filter-out $(1),$(call kernel_series,$(1))),$(if \
	$(KERNEL_PIN_$(call kernel_series,$(1))),$(word 1,$(KERNEL_PIN_$(call kernel_series,$(1)))) $(1))))

KERNEL_LINKS := $(foreach k,$(KERNELS),$(call kernel_link,$(k)))
# The base initramfs ($(IMAGE), which rootfs/image.mk defines after this file).
KERNEL_BASE := $(OUT)/bootbench.cpio.gz

# Bad requests stop here, before anything is built: one line naming the fix.
kernel_bad_version = unknown kernel version '$(1)': use one of $(KERNEL_SHORTS), an exact Debian package version such as $(word 2,$(KERNEL_PIN_6.12)) (pins: kernel-configs/kernels.mk), or NAME=PATH for a built tree or a .deb
kernel_bad_flavour = unknown KERNEL_FLAVOUR '$(KERNEL_FLAVOUR)': use cloud-amd64 (small, virtio), amd64 (generic) or rt-amd64 (PREEMPT_RT)
kernel_bad_source = no linux-source pin for KVER=$(KVER): use one of $(KERNEL_SHORTS) or add KERNEL_SOURCE_$(KVER) to kernel-configs/kernels.mk
$(foreach k,$(KERNELS),$(if $(or $(call kernel_user,$(k)),$(call kernel_args,$(k))),,$(error $(call kernel_bad_version,$(k)))))
$(if $(filter cloud-amd64 amd64 rt-amd64,$(KERNEL_FLAVOUR)),,$(error $(kernel_bad_flavour)))
ifneq ($(filter kernel-build kernel-build-compile,$(MAKECMDGOALS)),)
$(if $(KERNEL_SOURCE_$(KVER)),,$(error $(kernel_bad_source)))
endif

.PHONY: kernels kernel-build kernel-build-compile kernel-check
kernels: $(foreach l,$(KERNEL_LINKS),$(KERNEL_OUT)/$(l)/initramfs.cpio.gz)

# One rule per requested kernel: fetch, check, lay out.
define kernel_rule
$(KERNEL_OUT)/$(call kernel_link,$(1))/modules.cpio.gz: $(KERNEL_TOOLS) $(KCFG)/debian-kernel | deps
	@echo "  DEBIAN  $(1) $(KERNEL_FLAVOUR) ($(word 1,$(call kernel_args,$(1))) $(word 2,$(call kernel_args,$(1))))"
	$(Q)BUILD=$(BUILD) OUT=$(OUT) $(KCFG)/debian-kernel $(word 1,$(call kernel_args,$(1))) \
		$(word 2,$(call kernel_args,$(1))) $(KERNEL_FLAVOUR) $(call kernel_link,$(1)) \
		$(word 3,$(call kernel_args,$(1)))
endef
$(foreach k,$(sort $(KERNEL_SHORTS) $(foreach k,$(KERNELS),$(if $(call kernel_user,$(k)),,$(k)))),$(eval $(call kernel_rule,$(k))))

# A user's kernel is laid out on every request: the tree or file may have
# changed, and it takes seconds.
define kernel_user_rule
$(KERNEL_OUT)/$(call kernel_user_name,$(1))/modules.cpio.gz: $(KERNEL_TOOLS) $(KCFG)/user-kernel kernel-user-always | deps
	@echo "  USER    $(call kernel_user_name,$(1)) ($(call kernel_user_path,$(1)))"
	$(Q)BUILD=$(BUILD) OUT=$(OUT) $(KCFG)/user-kernel $(call kernel_user_name,$(1)) $(call kernel_user_path,$(1))
endef
$(foreach k,$(KERNELS),$(if $(call kernel_user,$(k)),$(eval $(call kernel_user_rule,$(k)))))
.PHONY: kernel-user-always

# The initramfs of a kernel: the base image with its modules appended (the
# kernel unpacks concatenated cpio archives in order).  Beside it, the
# archives qemu/run boots, uncompressed: initramfs-loaded.cpio, the same
# archives, for a suite that starts from the loaded template, and
# initramfs.cpio, the image without it (IMAGE_UNLOADED: its 21 MiB are 0.8
# guest s of every boot's unpacking, doc/fidelity.md#the-loaded-template).
# Under TCG the kernel's unpacking is guest work: gzip's inflate took about
# 4 s of a boot's instruction time, LZ4's about 1, none at all 1.1 s less
# than LZ4 (doc/figures.md), for 47 MiB on the host's disk.  The .gz
# stays for boot loaders, labs and walks (which load it from the results
# disk); it is written last, so that the .cpio files are never newer than
# the .gz that kernels.stale() looks at.
$(KERNEL_OUT)/%/initramfs.cpio.gz: $(KERNEL_OUT)/%/modules.cpio.gz $(KERNEL_BASE)
	$(Q)rm -f $(@D)/initramfs.cpio.lz4 $(@D)/initramfs.cpio $(@D)/initramfs-loaded.cpio; \
	gzip -dc $< >$(@D)/modules.cpio.part && \
	cat $(IMAGE_UNLOADED) $(@D)/modules.cpio.part >$(@D)/initramfs.cpio.part && \
	{ gzip -dc $(KERNEL_BASE) && cat $(@D)/modules.cpio.part; } >$(@D)/initramfs-loaded.cpio.part && \
	rm $(@D)/modules.cpio.part && \
	mv $(@D)/initramfs.cpio.part $(@D)/initramfs.cpio && \
	mv $(@D)/initramfs-loaded.cpio.part $(@D)/initramfs-loaded.cpio
	@echo "  INITRD  $(@D:$(TOP)/%=%)/initramfs.cpio, initramfs-loaded.cpio"
	$(Q)cat $(KERNEL_BASE) $< >$@.part && mv $@.part $@
	@echo "  INITRD  $(@:$(TOP)/%=%)"

# Boot entries: each kernel's GRUB menuentry (grub.cfg) and iPXE script
# (boot.ipxe) beside it, and $(OUT)/boot/grub.cfg gathering the entries of
# every prepared kernel.  BOOT_ARGS="bootbench.…" replaces the default
# bootbench.* parameters (PARTLABELs of a prepared disk, the quick suite);
# VARIANTS adds entries of kernel variants.  make kernels writes both to
# $(BOOT_ENTRIES_ARGS) when they change, and the entries follow.
# BOOT_PERF=yes, for suites that ask for profiles: the perf archive (make
# perf) beside each kernel as perf.cpio.gz, which the entries load as a
# second initramfs, and initramfs-perf.cpio.gz, the two in one file for a
# boot loader that takes one (a LAVA job: lab/lava/make-job).
BOOT_OUT := $(OUT)/boot
BOOT_ENTRIES_ARGS := $(BUILD)/boot-entries.args
ifneq ($(filter kernels,$(MAKECMDGOALS)),)
ifneq ($(strip $(VARIANTS)),)
kernel_variants_error := $(shell $(TOP)/host/bootbench-host variant-check \
	$(foreach v,$(VARIANTS),'$(subst ','\'',$(v))') 2>&1 | sed 's/^bootbench-host: //')
$(if $(kernel_variants_error),$(error VARIANTS: $(kernel_variants_error)))
endif
boot_entries_args := BOOT_ARGS=$(BOOT_ARGS) VARIANTS=$(strip $(VARIANTS)) BOOT_PERF=$(BOOT_PERF)
ifneq ($(file <$(BOOT_ENTRIES_ARGS)),$(boot_entries_args))
$(shell mkdir -p $(BUILD))
$(file >$(BOOT_ENTRIES_ARGS),$(boot_entries_args))
endif
endif
BOOT_PERF_FILES := $(if $(filter yes,$(BOOT_PERF)),$(KERNEL_OUT)/%/perf.cpio.gz \
	$(KERNEL_OUT)/%/initramfs-perf.cpio.gz)
$(KERNEL_OUT)/%/perf.cpio.gz: $(PERF_IMAGE)
	$(Q)cp $< $@.part && mv $@.part $@
$(KERNEL_OUT)/%/initramfs-perf.cpio.gz: $(KERNEL_OUT)/%/initramfs.cpio.gz $(PERF_IMAGE)
	$(Q)cat $^ >$@.part && mv $@.part $@
$(KERNEL_OUT)/%/boot.ipxe: $(KERNEL_OUT)/%/initramfs.cpio.gz $(BOOT_PERF_FILES) $(KCFG)/boot-entries \
		$(wildcard $(BOOT_ENTRIES_ARGS))
	$(Q)BOOT_ARGS='$(BOOT_ARGS)' BOOT_PERF='$(BOOT_PERF)' VARIANTS='$(strip $(VARIANTS))' \
		$(KCFG)/boot-entries kernel $(KERNEL_OUT)/$*
	@echo "  BOOT    $(@D:$(TOP)/%=%)/grub.cfg, boot.ipxe"
$(BOOT_OUT)/grub.cfg: $(foreach l,$(KERNEL_LINKS),$(KERNEL_OUT)/$(l)/boot.ipxe) \
		$(wildcard $(KERNEL_OUT)/*/grub.cfg) $(KCFG)/boot-entries
	$(Q)$(KCFG)/boot-entries gather $(KERNEL_OUT) $(@D)
	@echo "  BOOT    $(@:$(TOP)/%=%)"
kernels: $(BOOT_OUT)/grub.cfg
# A kernel's grub.cfg comes with its boot.ipxe.  One that another make of
# the tree removes (a bisect's or a pipeline's kernel going) between the
# wildcard above and the check of it is no error: gather leaves it out.
$(KERNEL_OUT)/%/grub.cfg: ;

# The compilation always runs and redoes only what changed; it comes before
# the base image (or beside it, with -j).
kernel-build: kernel-build-compile $(KERNEL_BASE)
	$(Q)cat $(KERNEL_BASE) $(KERNEL_OUT)/$(KVER)-build/modules.cpio.gz \
		>$(KERNEL_OUT)/$(KVER)-build/initramfs.cpio.gz
	@echo "  INITRD  $(KERNEL_OUT:$(TOP)/%=%)/$(KVER)-build/initramfs.cpio.gz"

kernel-build-compile: | deps
	$(Q)BUILD=$(BUILD) OUT=$(OUT) JOBS=$(JOBS) CC="$(OUR_HOST_CC)" $(KCFG)/build $(KVER) \
		$(KERNEL_SOURCE_$(KVER)) $(KVER)-build

kernel-check:
	$(if $(CONFIG),,@echo "kernel-check: give the config to check: make kernel-check CONFIG=path" >&2; exit 1)
	$(Q)$(KCFG)/check $(CONFIG)
