# SPDX-License-Identifier: GPL-2.0-only
# PostgreSQL as the image ships it: initdb, server, extensions, pgbench,
# a static libpq client and io_uring, run in a chroot of the unpacked image;
# the string functions postgres links in place of musl's.
CHECK_TESTS += tests/postgres/rootfs.test tests/postgres/string-functions.test
CHECK_DEPS  += $(IMAGE)
