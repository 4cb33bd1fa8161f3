# SPDX-License-Identifier: GPL-2.0-only
# lab/: bootbench-prepare-disk on image files and loop devices (every
# refusal), then a QEMU boot with a prepared image as the only disk.
CHECK_TESTS += tests/lab/prepare-disk.test tests/lab/prepare-disk-boot.test
CHECK_DEPS  += $(PREPARE_DISK) $(IMAGE) $(BENCH) $(E2E_KERNEL_INITRD)
