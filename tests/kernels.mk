# SPDX-License-Identifier: GPL-2.0-only
# Kernel tests (kernel-configs/, host/bootbench/qemu.py):
#   kernels/check   the config checker's verdict on the four Debian kernels
#   kernels/errors  bad requests fail with one line naming the fix
#   kernels/boot    each Debian kernel boots the image in QEMU: the init
#                   loads its modules, sees both virtio disks, ext4 and xfs
#                   are registered, and it powers off by itself
# and, in make check-boots (the long boots, tests/check.mk):
#   kernels/boot-entries  the GRUB and iPXE entries of make kernels, checked
#                   and booted in QEMU (iPXE over TFTP, GRUB from an ISO,
#                   its entry with the perf archive and a profiled suite)
#   kernels/user-kernels  a built tree and a .deb of one release, prepared
#                   under two names, each boots a short suite, the report
#                   shows two columns and names the difference
#
#   make check-kernel-quick [QUICK_FLAVOUR=rt-amd64]   prepares the 6.12
#   kernel of that Debian flavour (a download of about 100 MB, cached) and
#   boots the quick suite on it, by name and as a .deb path
#   (tests/kernels/quick-suite.test).
#
#   make check-kernel-build [KVER=6.12]   builds linux-source-KVER (see
#   kernel-configs/README.md for the time it takes) and boots it the same way.

KERNELS_TEST  := $(KERNEL_SHORTS)

# The kernels the tests read, by link name in $(OUT)/kernels (flavour aware).
export KERNELS_TEST_LINKS := $(foreach k,$(KERNELS_TEST),$(call kernel_link,$(k)))
export KERNEL_FLAVOUR

CHECK_TESTS += tests/kernels/check.test tests/kernels/errors.test tests/kernels/boot.test
CHECK_DEPS  += $(foreach l,$(KERNELS_TEST_LINKS),$(KERNEL_OUT)/$(l)/initramfs.cpio.gz)
BOOTS_TESTS += tests/kernels/boot-entries.test tests/kernels/user-kernels.test
BOOTS_DEPS  += $(IMAGE) $(REPORT) $(KERNEL_OUT)/$(call kernel_link,6.12)/initramfs.cpio.gz \
	$(KERNEL_OUT)/$(call kernel_link,6.12)/boot.ipxe $(BOOT_OUT)/grub.cfg $(PREPARE_DISK) \
	$(PERF_IMAGE)

.PHONY: check-kernel-build
check-kernel-build: kernel-build | deps
	$(Q)TOP=$(TOP) BUILD=$(BUILD) OUT=$(OUT) IMAGE=$(IMAGE) KERNELS_TEST_LINKS=$(KVER)-build \
		$(TOP)/tests/run-tests $(TOP)/tests/kernels/boot.test

QUICK_FLAVOUR ?= rt-amd64
.PHONY: check-kernel-quick
check-kernel-quick: $(IMAGE) | deps
	$(Q)$(MAKE) kernels KERNELS=6.12 KERNEL_FLAVOUR=$(QUICK_FLAVOUR)
	$(Q)TOP=$(TOP) BUILD=$(BUILD) OUT=$(OUT) IMAGE=$(IMAGE) QUICK_FLAVOUR=$(QUICK_FLAVOUR) \
		$(TOP)/tests/run-tests $(TOP)/tests/kernels/quick-suite.test
