# SPDX-License-Identifier: GPL-2.0-only
# liburcu (userspace-rcu): static libraries and headers into the sysroot, for
# xfsprogs.  Only the headers and the libraries are built: no tests, no docs.
# Nothing of it goes into the image by itself.

LIBURCU_DIR := $(SRC)/liburcu
# Keep a step's output in the log; on failure show the end of the log.
LIBURCU_QUIET = $(call recipe_quiet,liburcu)

LIBURCU_CONFIGURE := \
	CC=$(MUSL_CC) CFLAGS="$(MUSL_CFLAGS)" \
	--prefix=$(SYSROOT) --disable-shared --enable-static

$(STAMP)/liburcu: $(KINC)/.done $(TOP)/rootfs/versions.mk \
		$(TOP)/rootfs/packages/liburcu.mk | deps
	@echo "  UNPACK  liburcu"
	$(Q)$(call recipe_begin,liburcu)
	$(Q)$(call unpack,LIBURCU,$(LIBURCU_DIR)) $(LIBURCU_QUIET)
	@echo "  CONFIG  liburcu"
	$(Q)cd $(LIBURCU_DIR) && ./configure $(LIBURCU_CONFIGURE) $(LIBURCU_QUIET)
	@echo "  BUILD   liburcu"
	$(Q)$(SUBMAKE) \
		-C $(LIBURCU_DIR)/src $(LIBURCU_QUIET)
	@echo "  INSTALL liburcu"
	$(Q)$(MAKE) -C $(LIBURCU_DIR)/include install $(LIBURCU_QUIET)
	$(Q)$(MAKE) -C $(LIBURCU_DIR)/src install $(LIBURCU_QUIET)
	$(Q)$(call recipe_end,liburcu)
