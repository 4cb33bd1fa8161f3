# SPDX-License-Identifier: GPL-2.0-only
# util-linux: only libblkid and libuuid, static, into the sysroot, for
# e2fsprogs and xfsprogs.  Nothing of it goes into the image by itself.
#
# The libraries keep their run-time paths at the standard places
# (/etc/blkid.conf, /run/blkid) although they are installed in the sysroot.

UTIL_LINUX_CONF_OPTS := \
	CC=$(MUSL_CC) CFLAGS="$(MUSL_CFLAGS)" \
	--prefix=$(SYSROOT) --sysconfdir=/etc --localstatedir=/var --runstatedir=/run \
	--disable-shared --enable-static \
	--disable-all-programs --enable-libblkid --enable-libuuid \
	--disable-libmount --disable-libsmartcols --disable-libfdisk --disable-liblastlog2 \
	--disable-nls --disable-asciidoc --disable-poman --disable-bash-completion \
	--without-udev --without-systemd --without-econf --without-python \
	--without-tinfo --without-ncursesw --without-readline --without-selinux \
	--without-audit --without-user --without-cryptsetup --without-btrfs

UTIL_LINUX_INSTALL_LABEL   := util-linux (libblkid, libuuid)
UTIL_LINUX_INSTALL_TARGETS := install-usrlib_execLTLIBRARIES \
	install-pkgconfigDATA install-nodist_blkidincHEADERS install-uuidincHEADERS

$(eval $(call package,util-linux))
