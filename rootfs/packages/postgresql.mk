# SPDX-License-Identifier: GPL-2.0-only
# PostgreSQL: the server and the tools the appliance runs, built with musl.
#
# Image: /opt/postgresql/bin/{postgres,initdb,pg_ctl,pgbench,psql,
#        pg_test_fsync,pg_test_timing}, the loadable modules plpgsql and
#        dict_snowball (initdb needs both) and the pg_stat_statements and
#        pg_prewarm extensions in /opt/postgresql/lib, the data initdb and
#        the server read in /opt/postgresql/share (time zone UTC only), and
#        musl's dynamic loader as /lib/ld-musl-x86_64.so.1.
#        Every executable is static except postgres: it is linked against
#        musl's libc.so so that it can load modules; musl's loader is that
#        libc.so, so it needs nothing else.
# Sysroot: libpq.a with the two archives it needs, its headers and libpq.pc,
#        for our own programs:
#          $(MUSL_CC) -static $(LIBPQ_CFLAGS) prog.c $(LIBPQ_LIBS)
#        (or pkg-config libpq), after $(STAMP)/postgresql.
# Kept:  PostgreSQL's regression suite, built in the same tree, for make
#        check-postgres ($(POSTGRESQL_REGRESS), below).
#
# Built with -O2, like the PostgreSQL that distributions ship: the server's
# speed is what the appliance measures.  Every executable has mimalloc
# linked in as its allocator (rootfs/packages/mimalloc.mk says why), and
# postgres LLVM libc's memcpy, memmove, memcmp and strlen
# (rootfs/packages/llvm-libc.mk); make fidelity holds the result against a
# glibc build of the same source.
# Only the directories needed are built, not the whole tree.

POSTGRESQL_IMAGE        := yes
POSTGRESQL_DEPENDENCIES := liburing mimalloc llvm-libc
POSTGRESQL_PREFIX := /opt/postgresql
POSTGRESQL_ROOT    = $(POSTGRESQL_STAGE)$(POSTGRESQL_PREFIX)

# How the image's PostgreSQL is built, as the run record states it.
POSTGRESQL_BUILD_CC     := $(MUSL_CC)
POSTGRESQL_BUILD_CFLAGS := -O2
POSTGRESQL_ALLOCATOR    := mimalloc $(MIMALLOC_VERSION)
POSTGRESQL_MEMCPY       := $(LLVM_LIBC_DEB) $(LLVM_LIBC_VERSION) $(LLVM_LIBC_FUNCS)

POSTGRESQL_CONF_OPTS := \
	CC=$(POSTGRESQL_BUILD_CC) CFLAGS="$(POSTGRESQL_BUILD_CFLAGS)" \
	CPPFLAGS="-isystem $(KINC)" LDFLAGS="$(MUSL_LDFLAGS)" LDFLAGS_EX=-static \
	--prefix=$(POSTGRESQL_PREFIX) --disable-rpath --disable-nls \
	--with-liburing \
	--without-readline --without-zlib --without-icu --without-openssl \
	--without-ldap --without-gssapi --without-llvm --without-libxml \
	--without-libxslt --without-lz4 --without-zstd

# libpq.a calls five encoding functions that only libpgcommon_shlib exports
# under their plain names; the static tools already link libpgcommon, which
# has them as NAME_private: alias the plain names to those.
POSTGRESQL_ENCODING_FUNCS := pg_char_to_encoding pg_encoding_to_char \
	pg_valid_server_encoding pg_valid_server_encoding_id pg_utf_mblen
POSTGRESQL_LIBPQ  = -L$(POSTGRESQL_DIR)/src/interfaces/libpq -lpq \
	$(foreach f,$(POSTGRESQL_ENCODING_FUNCS),-Wl,--defsym=$(f)=$(f)_private)

POSTGRESQL_MODULE_DIRS := src/backend/snowball src/pl/plpgsql/src \
	contrib/pg_stat_statements contrib/pg_prewarm
POSTGRESQL_TOOL_DIRS   := src/bin/initdb src/bin/pg_ctl src/bin/pgbench \
	src/bin/psql src/bin/pg_test_fsync src/bin/pg_test_timing

# $(call postgresql_make,DIR,TARGET): make TARGET in DIR of the tree.
# postgres alone is linked dynamically; the tools link libpq statically.
# Every executable links mimalloc, postgres LLVM libc's string functions too
# (LDFLAGS_EX is used for executables only, not for the loadable modules,
# which use the server's allocator and libc.so's string functions).
postgresql_make = $(SUBMAKE) \
	-C $(POSTGRESQL_DIR)/$(1) \
	$(if $(filter src/backend,$(1)),LDFLAGS_EX='$(MIMALLOC_OBJ) $(LLVM_LIBC_OBJ)', \
		LDFLAGS_EX='-static $(MIMALLOC_OBJ)' libpq_pgport='$(POSTGRESQL_LIBPQ)') \
	$(2) $(POSTGRESQL_QUIET)

LIBPQ_CFLAGS := -I$(SYSROOT)/include
LIBPQ_LIBS   := -L$(SYSROOT)/lib -lpq -lpgcommon_shlib -lpgport_shlib

POSTGRESQL_POST_CONFIGURE_HOOKS := POSTGRESQL_CHECK_LIBURING
define POSTGRESQL_CHECK_LIBURING
	$(Q)grep -q '^#define USE_LIBURING 1' $(POSTGRESQL_DIR)/src/include/pg_config.h || { \
		echo "postgresql: configure did not enable liburing" >&2; exit 1; }
endef

POSTGRESQL_BUILD_LABEL := postgresql (server)
define POSTGRESQL_BUILD_CMDS
	+$(Q)$(call postgresql_make,src/backend,generated-headers)
	+$(Q)$(call postgresql_make,src/timezone,all)
	+$(Q)$(call postgresql_make,src/backend,all)
	@echo "  BUILD   postgresql (modules, tools, libpq)"
	+$(Q)$(foreach d,$(POSTGRESQL_MODULE_DIRS) $(POSTGRESQL_TOOL_DIRS), \
		$(call postgresql_make,$(d),all);)
endef

define POSTGRESQL_INSTALL_CMDS
	+$(Q)$(foreach d,src/backend src/timezone $(POSTGRESQL_MODULE_DIRS) $(POSTGRESQL_TOOL_DIRS), \
		$(call postgresql_make,$(d),install DESTDIR=$(POSTGRESQL_STAGE));)
	$(Q)cd $(POSTGRESQL_DIR)/src/include/catalog && install -m 644 \
		postgres.bki system_constraints.sql $(POSTGRESQL_ROOT)/share/
	$(Q)find $(POSTGRESQL_ROOT)/share/timezone -mindepth 1 -maxdepth 1 \
		! -name UTC -exec rm -rf {} +
	$(Q)cd $(POSTGRESQL_ROOT) && rm -rf include share/timezonesets/*.txt \
		share/tsearch_data/*_sample* share/psqlrc.sample share/errcodes.txt
	$(Q)install -D -m 755 $(MUSL_LDSO) $(POSTGRESQL_STAGE)/lib/ld-musl-x86_64.so.1
	$(Q)cd $(POSTGRESQL_DIR)/src && \
		install -D -m 644 -t $(POSTGRESQL_SYSROOT)/lib interfaces/libpq/libpq.a \
			common/libpgcommon_shlib.a port/libpgport_shlib.a && \
		install -D -m 644 -t $(POSTGRESQL_SYSROOT)/include interfaces/libpq/libpq-fe.h \
			interfaces/libpq/libpq-events.h include/postgres_ext.h
	$(Q)mkdir -p $(POSTGRESQL_SYSROOT)/lib/pkgconfig
	$(Q)printf '%s\n' 'prefix=$(SYSROOT)' 'libdir=$${prefix}/lib' \
		'includedir=$${prefix}/include' '' 'Name: libpq' \
		'Description: PostgreSQL client library (static, musl)' \
		'Version: $(firstword $(subst -, ,$(POSTGRESQL_VERSION)))' \
		'Cflags: -I$${includedir}' \
		'Libs: -L$${libdir} -lpq -lpgcommon_shlib -lpgport_shlib' \
		>$(POSTGRESQL_SYSROOT)/lib/pkgconfig/libpq.pc
endef

# The regression suite of this build tree, for make check-postgres
# (tests/postgres/regress.test): built in the same tree with the same
# compiler and flags as the image's PostgreSQL, after its install, and never
# part of the image; kept with the package (a restored package has no
# tree to build it in).  $(POSTGRESQL_REGRESS) holds
#   suite/  pg_regress (static, like the image's tools), the regress module
#           the suite loads, and the suite's files: sql/, expected/, data/,
#           parallel_schedule, resultmap
#   layer/  what the image leaves out on purpose and the suite needs, at its
#           place in the image (files of the image itself are left out): the
#           encoding conversions, the replication client (libpqwalreceiver
#           and the libpq.so it links), the full time zone data, the sample
#           dictionaries of text search (not the lists of time zone
#           abbreviations share/timezonesets/*.txt: the server reads none)
POSTGRESQL_REGRESS := $(BUILD)/postgresql-regress
POSTGRESQL_REGRESS_LAYER = $(POSTGRESQL_REGRESS)/layer
POSTGRESQL_REGRESS_DIRS  := src/test/regress \
	src/backend/utils/mb/conversion_procs src/backend/replication/libpqwalreceiver
POSTGRESQL_REGRESS_FILES := pg_regress regress.so sql expected data \
	parallel_schedule resultmap

POSTGRESQL_KEEP = $(POSTGRESQL_REGRESS)

POSTGRESQL_POST_INSTALL_HOOKS := POSTGRESQL_REGRESS_SUITE
define POSTGRESQL_REGRESS_SUITE
	@echo "  BUILD   postgresql (regression suite)"
	+$(Q)$(foreach d,$(POSTGRESQL_REGRESS_DIRS),$(call postgresql_make,$(d),all);)
	$(Q)rm -rf $(POSTGRESQL_REGRESS) && mkdir -p $(POSTGRESQL_REGRESS)/suite
	$(Q)cd $(POSTGRESQL_DIR)/src/test/regress && \
		cp -R $(POSTGRESQL_REGRESS_FILES) $(POSTGRESQL_REGRESS)/suite/
	+$(Q)$(foreach d,$(filter-out src/test/regress,$(POSTGRESQL_REGRESS_DIRS)) src/timezone, \
		$(call postgresql_make,$(d),install DESTDIR=$(POSTGRESQL_REGRESS_LAYER));)
	+$(Q)$(call postgresql_make,src/interfaces/libpq,install-lib-shared \
		DESTDIR=$(POSTGRESQL_REGRESS_LAYER))
	+$(Q)$(call postgresql_make,src/backend/tsearch,install-data \
		DESTDIR=$(POSTGRESQL_REGRESS_LAYER))
	$(Q)cd $(POSTGRESQL_REGRESS_LAYER)$(POSTGRESQL_PREFIX) && \
		rm -rf lib/libpq.so share/timezonesets && \
		find lib -type f -exec strip --strip-unneeded {} +
	$(Q)cd $(POSTGRESQL_REGRESS_LAYER) && find . ! -type d | while read -r f; do \
		if [ -e "$(POSTGRESQL_STAGE)/$$f" ] || [ -L "$(POSTGRESQL_STAGE)/$$f" ]; then \
			rm "$$f"; fi; done && \
		find . -depth -type d -empty -delete
endef

$(eval $(call package,postgresql))
