# SPDX-License-Identifier: GPL-2.0-only
# PostgreSQL as the image ships it: initdb, server, extensions, pgbench,
# a static libpq client and io_uring, run in a chroot of the unpacked image;
# the string functions postgres links in place of musl's; PostgreSQL's own
# regression suite (the parallel schedule) against the image's server, with
# pg_regress and what the suite needs besides the image built from the
# image's build tree ($(POSTGRESQL_REGRESS), made with $(STAMP)/postgresql:
# rootfs/packages/postgresql.mk).  make check-postgres runs these alone.
POSTGRES_TESTS := tests/postgres/rootfs.test tests/postgres/string-functions.test \
	tests/postgres/regress.test
POSTGRES_DEPS  := $(IMAGE) $(STAMP)/postgresql
CHECK_TESTS += $(POSTGRES_TESTS)
CHECK_DEPS  += $(POSTGRES_DEPS)

.PHONY: check-postgres
check-postgres: $(POSTGRES_DEPS) | deps
	$(Q)TOP=$(TOP) BUILD=$(BUILD) OUT=$(OUT) IMAGE=$(IMAGE) \
		$(TOP)/tests/run-tests $(addprefix $(TOP)/,$(POSTGRES_TESTS))
