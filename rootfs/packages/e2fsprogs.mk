# SPDX-License-Identifier: GPL-2.0-only
# e2fsprogs: static mke2fs (also as mkfs.ext2/3/4), e2fsck (also as
# fsck.ext2/3/4), tune2fs and dumpe2fs in /sbin.  Linked against the
# sysroot's libblkid and libuuid (util-linux), not the private copies
# e2fsprogs carries.
#
# mke2fs reads /etc/mke2fs.conf; the image's copy comes from the skeleton
# (rootfs/skeleton/etc/mke2fs.conf), the one e2fsprogs generates is not staged.

E2FSPROGS_IMAGE        := yes
E2FSPROGS_DEPENDENCIES := util-linux

# Default prefixes: programs under /sbin, configuration in /etc.
E2FSPROGS_CONF_OPTS := \
	CC=$(MUSL_CC) CFLAGS="$(MUSL_CFLAGS) -I$(SYSROOT)/include" \
	LDFLAGS="-static -L$(SYSROOT)/lib $(MUSL_LDFLAGS)" \
	--disable-elf-shlibs --disable-bsd-shlibs --disable-libuuid --disable-libblkid \
	--disable-nls --disable-fuse2fs --disable-fsck --disable-uuidd \
	--disable-debugfs --disable-imager --disable-resizer --disable-defrag \
	--disable-e2initrd-helper --disable-tdb --disable-backtrace \
	--without-libarchive --with-udev-rules-dir=no --with-crond-dir=no \
	--with-systemd-unit-dir=no

# The libraries, then each program in its own directory.
define E2FSPROGS_BUILD_CMDS
	+$(Q)$(SUBMAKE) -C $(E2FSPROGS_DIR) libs $(E2FSPROGS_QUIET)
	+$(Q)$(SUBMAKE) -C $(E2FSPROGS_DIR)/misc mke2fs tune2fs dumpe2fs $(E2FSPROGS_QUIET)
	+$(Q)$(SUBMAKE) -C $(E2FSPROGS_DIR)/e2fsck e2fsck $(E2FSPROGS_QUIET)
endef

E2FSPROGS_PROGRAMS := misc/mke2fs misc/tune2fs misc/dumpe2fs e2fsck/e2fsck

define E2FSPROGS_INSTALL_CMDS
	$(Q)mkdir -p $(E2FSPROGS_STAGE)/sbin
	$(Q)for p in $(E2FSPROGS_PROGRAMS); do \
	  cp $(E2FSPROGS_DIR)/$$p $(E2FSPROGS_STAGE)/sbin/ || exit 1; \
	done
	$(Q)cd $(E2FSPROGS_STAGE)/sbin && for t in ext2 ext3 ext4; do \
	  ln -s mke2fs mkfs.$$t && ln -s e2fsck fsck.$$t || exit 1; \
	done
endef

$(eval $(call package,e2fsprogs))
