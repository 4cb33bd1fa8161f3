# SPDX-License-Identifier: GPL-2.0-only
# PostgreSQL as the image ships it: initdb, server, extensions, pgbench,
# a static libpq client and io_uring, run in a chroot of the unpacked image.
CHECK_TESTS += tests/postgres/rootfs.test
CHECK_DEPS  += $(IMAGE)
