# SPDX-License-Identifier: GPL-2.0-only
# busybox: static, /bin/busybox with applet symlinks in /bin, /sbin,
# /usr/bin and /usr/sbin (the shell, mount, sync, hdparm, poweroff, ...).
#
# Configuration: busybox's defconfig with the options of
# rootfs/busybox.config replacing the same options; the build stops if
# busybox does not keep one of them (e.g. a renamed option after an update).

BUSYBOX_IMAGE     := yes
BUSYBOX_FRAGMENT  := $(TOP)/rootfs/busybox.config
BUSYBOX_INPUTS    := $(BUSYBOX_FRAGMENT)
# Linked with MUSL_LDFLAGS (its final link alone reads EXTRA_LDFLAGS) and
# installed unstripped: the image's assembly strips it (rootfs/image.mk).
BUSYBOX_MAKE_OPTS := CC=$(MUSL_CC) HOSTCC=gcc EXTRA_LDFLAGS='$(MUSL_LDFLAGS)' SKIP_STRIP=y
# busybox installs into CONFIG_PREFIX.
BUSYBOX_INSTALL_TARGETS = CONFIG_PREFIX=$(BUSYBOX_STAGE) install

define BUSYBOX_CONFIGURE_CMDS
	+$(Q)$(MAKE) -C $(BUSYBOX_DIR) $(BUSYBOX_MAKE_OPTS) defconfig $(BUSYBOX_QUIET)
	$(Q)cd $(BUSYBOX_DIR) && \
	  { grep -E '^(CONFIG_|# CONFIG_.* is not set$$)' $(BUSYBOX_FRAGMENT) && \
	    echo 'CONFIG_EXTRA_CFLAGS="-isystem $(KINC)"'; } >.config.wanted && \
	  sed 's/^# //; s/[= ].*//' .config.wanted >.config.symbols && \
	  { grep -v -w -F -f .config.symbols .config; cat .config.wanted; } >.config.new && \
	  mv .config.new .config
	+$(Q)yes '' | $(MAKE) -C $(BUSYBOX_DIR) $(BUSYBOX_MAKE_OPTS) oldconfig $(BUSYBOX_QUIET)
	$(Q)cd $(BUSYBOX_DIR) && if grep -v -x -F -f .config .config.wanted; then \
	  echo "busybox: the options above of $(BUSYBOX_FRAGMENT) did not hold" >&2; \
	  exit 1; fi
endef

$(eval $(call package,busybox))
