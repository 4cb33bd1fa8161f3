# SPDX-License-Identifier: GPL-2.0-only
# Tests of the base image as a file: its cpio format and its ELF files.
CHECK_TESTS += tests/image/cpio.test tests/image/no-glibc.test tests/image/fetch.test
CHECK_DEPS  += $(IMAGE)
