# Kernel tests (kernel-configs/, qemu/lib/):
#   kernels/check   the config checker's verdict on the four Debian kernels
#   kernels/errors  bad requests fail with one line naming the fix
#   kernels/boot    each Debian kernel boots the image in QEMU: modules load,
#                   both virtio disks appear, ext4 and xfs are registered
#
#   make check-kernel-build [KVER=6.12]   builds linux-source-KVER (see
#   kernel-configs/README.md for the time it takes) and boots it the same way.
#
# Until the appliance's init can report these facts, the boot test appends a
# small test init (tests/kernels/testinit.c) after the kernel's initramfs.

KERNELS_TEST  := $(KERNEL_SHORTS)
TESTINIT      := $(BUILD)/kernels/testinit
TESTINIT_CPIO := $(BUILD)/kernels/testinit.cpio.gz

# The kernels the tests read, by link name in $(OUT)/kernels (flavour aware).
export KERNELS_TEST_LINKS := $(foreach k,$(KERNELS_TEST),$(call kernel_link,$(k)))
export KERNEL_FLAVOUR

CHECK_TESTS += tests/kernels/check.test tests/kernels/errors.test tests/kernels/boot.test
CHECK_DEPS  += $(foreach l,$(KERNELS_TEST_LINKS),$(KERNEL_OUT)/$(l)/initramfs.cpio.gz) \
	$(TESTINIT_CPIO)

$(TESTINIT): $(TOP)/tests/kernels/testinit.c $(KINC)/.done | deps
	@echo "  CC      $(@:$(TOP)/%=%)"
	$(Q)mkdir -p $(@D)
	$(Q)$(MUSL_CC) $(OUR_CFLAGS) $(MUSL_CFLAGS) -static -o $@ $<

# /init alone, appended after an initramfs so that it replaces the image's.
$(TESTINIT_CPIO): $(TESTINIT)
	$(Q)rm -rf $(@D)/testinit-tree && mkdir -p $(@D)/testinit-tree
	$(Q)cp $(TESTINIT) $(@D)/testinit-tree/init
	$(Q)(cd $(@D)/testinit-tree && echo init | cpio -o -H newc -R 0:0 --reproducible --quiet) | gzip -9n >$@.part
	$(Q)mv $@.part $@

.PHONY: check-kernel-build
check-kernel-build: kernel-build $(TESTINIT_CPIO) | deps
	$(Q)TOP=$(TOP) BUILD=$(BUILD) OUT=$(OUT) IMAGE=$(IMAGE) KERNELS_TEST_LINKS=$(KVER)-build \
		$(TOP)/tests/run-tests $(TOP)/tests/kernels/boot.test
