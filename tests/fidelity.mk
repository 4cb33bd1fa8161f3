# SPDX-License-Identifier: GPL-2.0-only
# make fidelity: the image's PostgreSQL against a reference build of the same
# pinned source with the host's gcc and glibc, both run on the host
# (tests/figures/fidelity.py says what is measured).  The reference is a
# yardstick on the host only: nothing of it goes into the image.

FIDELITY_DIR  := $(BUILD)/fidelity
FIDELITY_SRC  := $(FIDELITY_DIR)/src
FIDELITY_REF  := $(FIDELITY_DIR)/reference
FIDELITY_QUIET = $(call recipe_quiet,fidelity-reference)

# The image's configure options, less musl and its static linking: the
# host's compiler, -O2, libpq shared as distributions ship it, the host's
# pkg-config (not the sysroot's).
FIDELITY_CONFIGURE := CC=gcc CFLAGS=-O2 --prefix=$(FIDELITY_REF) --disable-nls \
	--with-liburing \
	--without-readline --without-zlib --without-icu --without-openssl \
	--without-ldap --without-gssapi --without-llvm --without-libxml \
	--without-libxslt --without-lz4 --without-zstd
FIDELITY_DIRS := src/backend src/timezone src/backend/snowball src/pl/plpgsql/src \
	src/interfaces/libpq src/bin/initdb src/bin/pg_ctl src/bin/pgbench src/bin/psql

$(STAMP)/fidelity-reference: $(TOP)/rootfs/versions.mk $(TOP)/tests/fidelity.mk | deps
	@echo "  UNPACK  postgresql (reference, host gcc and glibc)"
	$(Q)$(call recipe_begin,fidelity-reference)
	$(Q)$(call unpack,POSTGRESQL,$(FIDELITY_SRC)) $(FIDELITY_QUIET)
	@echo "  CONFIG  postgresql (reference)"
	$(Q)cd $(FIDELITY_SRC) && env -u PKG_CONFIG_LIBDIR -u PKG_CONFIG_PATH \
		./configure $(FIDELITY_CONFIGURE) $(FIDELITY_QUIET)
	@echo "  BUILD   postgresql (reference)"
	+$(Q)$(SUBMAKE) -C $(FIDELITY_SRC)/src/backend generated-headers $(FIDELITY_QUIET)
	+$(Q)$(foreach d,$(FIDELITY_DIRS),$(SUBMAKE) -C $(FIDELITY_SRC)/$(d) all $(FIDELITY_QUIET);)
	@echo "  INSTALL postgresql (reference)"
	$(Q)rm -rf $(FIDELITY_REF)
	$(Q)$(foreach d,$(FIDELITY_DIRS),$(MAKE) -C $(FIDELITY_SRC)/$(d) install $(FIDELITY_QUIET);)
	$(Q)cd $(FIDELITY_SRC)/src/include/catalog && install -m 644 \
		postgres.bki system_constraints.sql $(FIDELITY_REF)/share/postgresql/
	$(Q)$(call recipe_end,fidelity-reference)

FIDELITY_RUN := TOP=$(TOP) IMAGE=$(IMAGE) REFERENCE=$(FIDELITY_REF) \
	WORK=$(FIDELITY_DIR)/run $(TOP)/tests/figures/fidelity.py

.PHONY: fidelity
fidelity: $(IMAGE) $(STAMP)/fidelity-reference | deps
	$(Q)$(FIDELITY_RUN)

# make fidelity-instructions: the instructions per transaction of the two
# servers' backends, counted by callgrind (tests/figures/fidelity-instructions.py).
# The unstripped postgres of the image's build (out/symbols) names the image's functions.
.PHONY: fidelity-instructions fidelity-instructions-deps
fidelity-instructions-deps:
	$(Q)PATH="$$PATH:/usr/sbin:/sbin" $(TOP)/mk/host-deps valgrind

fidelity-instructions: $(IMAGE) $(STAMP)/fidelity-reference | deps fidelity-instructions-deps
	$(Q)TOP=$(TOP) IMAGE=$(IMAGE) REFERENCE=$(FIDELITY_REF) \
		FIDELITY_SYMBOLS=$(wildcard $(SYMBOLS)/opt/postgresql/bin/postgres) \
		WORK=$(FIDELITY_DIR)/instructions $(TOP)/tests/figures/fidelity-instructions.py
