# SPDX-License-Identifier: GPL-2.0-only
# Tests of the filesystem tools and busybox in the base image: mkfs.ext4 and
# mkfs.xfs run in a chroot of the unpacked image, checked by the host's
# e2fsck and xfs_repair.
CHECK_TESTS += tests/fstools/mkfs.test
CHECK_DEPS  += $(IMAGE)
