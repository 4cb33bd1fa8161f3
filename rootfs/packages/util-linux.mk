# util-linux: only libblkid and libuuid, static, into the sysroot, for
# e2fsprogs and xfsprogs.  Nothing of it goes into the image by itself.
#
# The libraries keep their run-time paths at the standard places
# (/etc/blkid.conf, /run/blkid) although they are installed in the sysroot.

UTIL_LINUX_DIR := $(SRC)/util-linux
UTIL_LINUX_LOG := $(BUILD)/log/util-linux.log
# Keep a step's output in the log; on failure show the end of the log.
UTIL_LINUX_QUIET = >>$(UTIL_LINUX_LOG) 2>&1 || { tail -n 40 $(UTIL_LINUX_LOG); exit 1; }

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
	$(Q)mkdir -p $(STAMP) $(dir $(UTIL_LINUX_LOG)) && : >$(UTIL_LINUX_LOG)
	$(Q)date +%s >$(UTIL_LINUX_LOG:.log=.start)
	$(Q)$(call unpack,UTIL_LINUX,$(UTIL_LINUX_DIR)) $(UTIL_LINUX_QUIET)
	@echo "  CONFIG  util-linux"
	$(Q)cd $(UTIL_LINUX_DIR) && ./configure $(UTIL_LINUX_CONFIGURE) $(UTIL_LINUX_QUIET)
	@echo "  BUILD   util-linux"
	$(Q)$(MAKE) $(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(JOBS)) \
		-C $(UTIL_LINUX_DIR) $(UTIL_LINUX_QUIET)
	@echo "  INSTALL util-linux (libblkid, libuuid)"
	$(Q)$(MAKE) -C $(UTIL_LINUX_DIR) install-usrlib_execLTLIBRARIES \
		install-pkgconfigDATA install-nodist_blkidincHEADERS \
		install-uuidincHEADERS $(UTIL_LINUX_QUIET)
	$(Q)echo $$(( $$(date +%s) - $$(cat $(UTIL_LINUX_LOG:.log=.start)) )) \
		>$(UTIL_LINUX_LOG:.log=.time) && rm -f $(UTIL_LINUX_LOG:.log=.start)
	$(Q)touch $@
