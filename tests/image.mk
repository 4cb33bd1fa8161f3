# SPDX-License-Identifier: GPL-2.0-only
# Tests of the base image as a file: its cpio format and its ELF files; of
# how its inputs are fetched (fetch.test) and of the cache of built
# packages, on packages of the test's own (package-cache.test).
CHECK_TESTS += tests/image/cpio.test tests/image/no-glibc.test tests/image/fetch.test \
	tests/image/cluster.test \
	tests/image/symbols.test tests/image/package-cache.test
CHECK_DEPS  += $(IMAGE)

# The perf archive (make perf): in a chroot of the image, perf records and
# the host's perf reads (perf.test); the 6.12 kernel boots the image with
# it under QEMU and a /init of the test's (perf-boot.test, in make
# check-perf: tests/check.mk).
PERF_DEPS   += $(IMAGE) $(PERF_IMAGE) $(KERNEL_OUT)/$(call kernel_link,6.12)/initramfs.cpio.gz
CHECK_TESTS += tests/image/perf.test
CHECK_DEPS  += $(IMAGE) $(PERF_IMAGE)
PERF_TESTS  += tests/image/perf-boot.test
