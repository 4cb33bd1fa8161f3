# SPDX-License-Identifier: GPL-2.0-only
# busybox: static, /bin/busybox with applet symlinks in /bin, /sbin,
# /usr/bin and /usr/sbin (the shell, mount, sync, hdparm, poweroff, ...).
#
# Configuration: busybox's defconfig with the options of
# rootfs/busybox.config replacing the same options; the build stops if
# busybox does not keep one of them (e.g. a renamed option after an update).

BUSYBOX_DIR      := $(SRC)/busybox
BUSYBOX_STAGE    := $(call stage,busybox)
BUSYBOX_FRAGMENT := $(TOP)/rootfs/busybox.config
# Keep a step's output in the log; on failure show the end of the log.
BUSYBOX_QUIET = $(call recipe_quiet,busybox)

BUSYBOX_MAKEFLAGS := CC=$(MUSL_CC) HOSTCC=gcc

$(STAMP)/busybox: $(KINC)/.done $(BUSYBOX_FRAGMENT) $(TOP)/rootfs/versions.mk \
		$(TOP)/rootfs/packages/busybox.mk | deps
	@echo "  UNPACK  busybox"
	$(Q)$(call recipe_begin,busybox)
	$(Q)$(call unpack,BUSYBOX,$(BUSYBOX_DIR)) $(BUSYBOX_QUIET)
	@echo "  CONFIG  busybox"
	$(Q)$(MAKE) -C $(BUSYBOX_DIR) $(BUSYBOX_MAKEFLAGS) defconfig $(BUSYBOX_QUIET)
	$(Q)cd $(BUSYBOX_DIR) && \
	  { grep -E '^(CONFIG_|# CONFIG_.* is not set$$)' $(BUSYBOX_FRAGMENT) && \
	    echo 'CONFIG_EXTRA_CFLAGS="-isystem $(KINC)"'; } >.config.wanted && \
	  sed 's/^# //; s/[= ].*//' .config.wanted >.config.symbols && \
	  { grep -v -w -F -f .config.symbols .config; cat .config.wanted; } >.config.new && \
	  mv .config.new .config
	$(Q)yes '' | $(MAKE) -C $(BUSYBOX_DIR) $(BUSYBOX_MAKEFLAGS) oldconfig $(BUSYBOX_QUIET)
	$(Q)cd $(BUSYBOX_DIR) && if grep -v -x -F -f .config .config.wanted; then \
	  echo "busybox: the options above of $(BUSYBOX_FRAGMENT) did not hold" >&2; \
	  exit 1; fi
	@echo "  BUILD   busybox"
	$(Q)$(SUBMAKE) \
		-C $(BUSYBOX_DIR) $(BUSYBOX_MAKEFLAGS) $(BUSYBOX_QUIET)
	@echo "  INSTALL busybox"
	$(Q)rm -rf $(BUSYBOX_STAGE)
	$(Q)$(MAKE) -C $(BUSYBOX_DIR) $(BUSYBOX_MAKEFLAGS) \
		CONFIG_PREFIX=$(BUSYBOX_STAGE) install $(BUSYBOX_QUIET)
	$(Q)$(call recipe_end,busybox)

IMAGE_STAGES     += $(STAMP)/busybox
IMAGE_STAGE_DIRS += $(BUSYBOX_STAGE)
