# SPDX-License-Identifier: GPL-2.0-only
# xfsprogs: static mkfs.xfs, xfs_repair and xfs_db in /sbin, linked against
# the sysroot's libblkid, libuuid (util-linux), liburcu and libinih.
#
# The mkfs.xfs feature profiles go to /usr/share/xfsprogs/mkfs (prefix /usr),
# e.g. "mkfs.xfs -c options=/usr/share/xfsprogs/mkfs/lts_5.10.conf".
# mkfs.xfs opens the path it is given; no directory is compiled in.

XFSPROGS_DIR   := $(SRC)/xfsprogs
XFSPROGS_STAGE := $(call stage,xfsprogs)
# Keep a step's output in the log; on failure show the end of the log.
XFSPROGS_QUIET = $(call recipe_quiet,xfsprogs)

# DEBUG and OPTIMIZER are read by configure; its default is -DDEBUG -g -O2.
XFSPROGS_CONFIGURE := \
	CC=$(MUSL_CC) CFLAGS="$(MUSL_CFLAGS) -I$(SYSROOT)/include" \
	LDFLAGS="-L$(SYSROOT)/lib" \
	--prefix=/usr --enable-static --disable-shared --enable-gettext=no \
	--enable-editline=no --enable-scrub=no --enable-libicu=no --enable-lto=no
# Fully static executables (configure's LDFLAGS reach only the checks).
XFSPROGS_MAKEFLAGS := LLDFLAGS=-all-static

XFSPROGS_PROGRAMS := mkfs/mkfs.xfs repair/xfs_repair db/xfs_db

$(STAMP)/xfsprogs: $(KINC)/.done $(STAMP)/util-linux $(STAMP)/liburcu $(STAMP)/inih \
		$(TOP)/rootfs/versions.mk $(TOP)/rootfs/packages/xfsprogs.mk | deps
	@echo "  UNPACK  xfsprogs"
	$(Q)$(call recipe_begin,xfsprogs)
	$(Q)$(call unpack,XFSPROGS,$(XFSPROGS_DIR)) $(XFSPROGS_QUIET)
	@echo "  CONFIG  xfsprogs"
	$(Q)cd $(XFSPROGS_DIR) && DEBUG=-DNDEBUG OPTIMIZER=-Os \
		./configure $(XFSPROGS_CONFIGURE) $(XFSPROGS_QUIET)
	@echo "  BUILD   xfsprogs"
	$(Q)$(MAKE) -C $(XFSPROGS_DIR) headers $(XFSPROGS_QUIET)
	$(Q)$(SUBMAKE) \
		-C $(XFSPROGS_DIR) $(XFSPROGS_MAKEFLAGS) mkfs repair db $(XFSPROGS_QUIET)
	@echo "  INSTALL xfsprogs"
	$(Q)rm -rf $(XFSPROGS_STAGE) && mkdir -p $(XFSPROGS_STAGE)/sbin \
		$(XFSPROGS_STAGE)/usr/share/xfsprogs/mkfs
	$(Q)for p in $(XFSPROGS_PROGRAMS); do \
	  strip -o $(XFSPROGS_STAGE)/sbin/$${p#*/} $(XFSPROGS_DIR)/$$p || exit 1; \
	done
	$(Q)cp $(XFSPROGS_DIR)/mkfs/*.conf $(XFSPROGS_STAGE)/usr/share/xfsprogs/mkfs/
	$(Q)$(call recipe_end,xfsprogs)

IMAGE_STAGES     += $(STAMP)/xfsprogs
IMAGE_STAGE_DIRS += $(XFSPROGS_STAGE)
