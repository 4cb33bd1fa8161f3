# SPDX-License-Identifier: GPL-2.0-only
# util-linux: only libblkid and libuuid, static, into the sysroot, for
# e2fsprogs and xfsprogs.  Nothing of it goes into the image by itself.
#
# The libraries keep their run-time paths at the standard places
# (/etc/blkid.conf, /run/blkid) although they are installed in the sysroot.

UTIL_LINUX_DIR := $(SRC)/util-linux
# Keep a step's output in the log; on failure show the end of the log.
UTIL_LINUX_QUIET = $(call recipe_quiet,util-linux)

UTIL_LINUX_CONFIGURE := \
	CC=$(MUSL_CC) CFLAGS="$(MUSL_CFLAGS)" \
	--prefix=$(SYSROOT) --sysconfdir=/etc --localstatedir=/var --runstatedir=/run \
	--disable-shared --enable-static \
	--disable-all-programs --enable-libblkid --enable-libuuid \
	--disable-libmount --disable-libsmartcols --disable-libfdisk --disable-liblastlog2 \
	--disable-nls --disable-asciidoc --disable-poman --disable-bash-completion \
	--without-udev --without-systemd --without-econf --without-python \
	--without-tinfo --without-ncursesw --without-readline --without-selinux \
	--without-audit --without-user --without-cryptsetup --without-btrfs

$(STAMP)/util-linux: $(KINC)/.done $(TOP)/rootfs/versions.mk \
		$(TOP)/rootfs/packages/util-linux.mk | deps
	@echo "  UNPACK  util-linux"
	$(Q)$(call recipe_begin,util-linux)
	$(Q)$(call unpack,UTIL_LINUX,$(UTIL_LINUX_DIR)) $(UTIL_LINUX_QUIET)
	@echo "  CONFIG  util-linux"
	$(Q)cd $(UTIL_LINUX_DIR) && ./configure $(UTIL_LINUX_CONFIGURE) $(UTIL_LINUX_QUIET)
	@echo "  BUILD   util-linux"
	$(Q)$(SUBMAKE) \
		-C $(UTIL_LINUX_DIR) $(UTIL_LINUX_QUIET)
	@echo "  INSTALL util-linux (libblkid, libuuid)"
	$(Q)$(MAKE) -C $(UTIL_LINUX_DIR) install-usrlib_execLTLIBRARIES \
		install-pkgconfigDATA install-nodist_blkidincHEADERS \
		install-uuidincHEADERS $(UTIL_LINUX_QUIET)
	$(Q)$(call recipe_end,util-linux)
