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
#   kernels/quick-suite   the quick suite on Debian's 6.12 of another
#                   flavour (QUICK_FLAVOUR, default rt-amd64: PREEMPT_RT; a
#                   download of about 100 MB, cached), by name and as a .deb
#                   path
#   kernels/build   a kernel built from linux-source-6.12 (make
#                   kernel-build, through ccache) boots as the Debian ones

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

# The other flavour's kernel, prepared by a make of its own (make kernels
# prepares one flavour at a time) once this make has built the image it
# appends to and gathered the boot entries, which that make gathers again.
QUICK_FLAVOUR ?= rt-amd64
export QUICK_FLAVOUR
BOOTS_TESTS += tests/kernels/quick-suite.test tests/kernels/build.test
BOOTS_DEPS  += kernel-quick-flavour
.PHONY: kernel-quick-flavour
kernel-quick-flavour: $(IMAGE) $(BOOT_OUT)/grub.cfg | deps
	$(Q)$(MAKE) --no-print-directory kernels KERNELS=6.12 KERNEL_FLAVOUR=$(QUICK_FLAVOUR)
