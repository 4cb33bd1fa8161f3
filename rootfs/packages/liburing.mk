# SPDX-License-Identifier: GPL-2.0-only
# liburing: the io_uring userspace library, for PostgreSQL's
# io_method=io_uring.  Built in its no-libc mode (its own syscall wrappers,
# nothing taken from the C library), static only, and installed into the
# sysroot with liburing.pc, where PostgreSQL's --with-liburing finds it
# through pkg-config.  Nothing of it goes into the image by itself: postgres
# links it in.

# Its own configure script, not autoconf.  Man pages are not installed.
LIBURING_CONF_ENV  := CFLAGS="$(MUSL_CFLAGS)"
LIBURING_CONF_OPTS  = --cc=$(MUSL_CC) --prefix=$(SYSROOT) --mandir=$(LIBURING_DIR)/man
LIBURING_BUILD_DIRS := src
LIBURING_MAKE_OPTS  := ENABLE_SHARED=0
# src/ installs into the directories it is given (not under DESTDIR).
LIBURING_INSTALL_TARGETS = install includedir=$(LIBURING_SYSROOT)/include \
	libdir=$(LIBURING_SYSROOT)/lib libdevdir=$(LIBURING_SYSROOT)/lib

LIBURING_POST_CONFIGURE_HOOKS := LIBURING_CHECK_NOLIBC
define LIBURING_CHECK_NOLIBC
	$(Q)grep -qx 'CONFIG_NOLIBC=y' $(LIBURING_DIR)/config-host.mak || { \
		echo "liburing: configure did not choose the no-libc build" >&2; exit 1; }
endef

LIBURING_POST_BUILD_HOOKS := LIBURING_BUILD_PC
define LIBURING_BUILD_PC
	+$(Q)$(MAKE) -C $(LIBURING_DIR) liburing.pc $(LIBURING_QUIET)
endef

# Static only: no FFI variant; liburing.pc is not installed by src/.
LIBURING_POST_INSTALL_HOOKS := LIBURING_INSTALL_PC
define LIBURING_INSTALL_PC
	$(Q)rm -f $(LIBURING_SYSROOT)/lib/liburing-ffi.a
	$(Q)install -D -m 644 $(LIBURING_DIR)/liburing.pc \
		$(LIBURING_SYSROOT)/lib/pkgconfig/liburing.pc
endef

$(eval $(call package,liburing))
