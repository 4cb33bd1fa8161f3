# SPDX-License-Identifier: GPL-2.0-only
# liburing: the io_uring userspace library, for PostgreSQL's
# io_method=io_uring.  Built in its no-libc mode (its own syscall wrappers,
# nothing taken from the C library), static only, and installed into the
# sysroot with liburing.pc, where PostgreSQL's --with-liburing finds it
# through pkg-config.  Nothing of it goes into the image by itself: postgres
# links it in.

LIBURING_DIR := $(SRC)/liburing
# Keep a step's output in the log; on failure show the end of the log.
LIBURING_QUIET = $(call recipe_quiet,liburing)

# Its own configure script, not autoconf.  Man pages are not installed.
LIBURING_CONFIGURE := \
	--cc=$(MUSL_CC) --prefix=$(SYSROOT) --mandir=$(LIBURING_DIR)/man

$(STAMP)/liburing: $(KINC)/.done $(TOP)/rootfs/versions.mk \
		$(TOP)/rootfs/packages/liburing.mk | deps
	@echo "  UNPACK  liburing"
	$(Q)$(call recipe_begin,liburing)
	$(Q)$(call unpack,LIBURING,$(LIBURING_DIR)) $(LIBURING_QUIET)
	@echo "  CONFIG  liburing"
	$(Q)cd $(LIBURING_DIR) && CFLAGS="$(MUSL_CFLAGS)" \
		./configure $(LIBURING_CONFIGURE) $(LIBURING_QUIET)
	$(Q)grep -qx 'CONFIG_NOLIBC=y' $(LIBURING_DIR)/config-host.mak || { \
		echo "liburing: configure did not choose the no-libc build" >&2; exit 1; }
	@echo "  BUILD   liburing"
	$(Q)$(SUBMAKE) \
		-C $(LIBURING_DIR)/src ENABLE_SHARED=0 $(LIBURING_QUIET)
	$(Q)$(MAKE) -C $(LIBURING_DIR) liburing.pc $(LIBURING_QUIET)
	@echo "  INSTALL liburing"
	$(Q)$(MAKE) -C $(LIBURING_DIR)/src ENABLE_SHARED=0 install $(LIBURING_QUIET)
	$(Q)rm -f $(SYSROOT)/lib/liburing-ffi.a
	$(Q)install -D -m 644 $(LIBURING_DIR)/liburing.pc \
		$(SYSROOT)/lib/pkgconfig/liburing.pc
	$(Q)$(call recipe_end,liburing)
