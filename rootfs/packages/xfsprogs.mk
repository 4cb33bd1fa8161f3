# SPDX-License-Identifier: GPL-2.0-only
# xfsprogs: static mkfs.xfs, xfs_repair and xfs_db in /sbin, linked against
# the sysroot's libblkid, libuuid (util-linux), liburcu and libinih.
#
# The mkfs.xfs feature profiles go to /usr/share/xfsprogs/mkfs (prefix /usr),
# e.g. "mkfs.xfs -c options=/usr/share/xfsprogs/mkfs/lts_5.10.conf".
# mkfs.xfs opens the path it is given; no directory is compiled in.

XFSPROGS_IMAGE        := yes
XFSPROGS_DEPENDENCIES := util-linux liburcu inih

# DEBUG and OPTIMIZER are read by configure; its default is -DDEBUG -g -O2.
XFSPROGS_CONF_ENV  := DEBUG=-DNDEBUG OPTIMIZER=-Os
XFSPROGS_CONF_OPTS := \
	CC=$(MUSL_CC) CFLAGS="$(MUSL_CFLAGS) -I$(SYSROOT)/include" \
	LDFLAGS="-L$(SYSROOT)/lib $(MUSL_LDFLAGS)" \
	--prefix=/usr --enable-static --disable-shared --enable-gettext=no \
	--enable-editline=no --enable-scrub=no --enable-libicu=no --enable-lto=no
# Its check that the headers compile as C++ (libxfs/ioctl_cxx_dummy.cpp, no
# part of a program) runs the host's g++: given the sysroot, it finds
# libuuid's header there, not on the host, where a bare Debian 12 has none
# (uuid-dev).  The rest is configure's default CXXFLAGS.
XFSPROGS_CONF_OPTS += CXXFLAGS="-g -O2 -std=gnu++11 -I$(SYSROOT)/include"
# Fully static executables (configure's LDFLAGS reach only the checks).
XFSPROGS_MAKE_OPTS    := LLDFLAGS=-all-static
XFSPROGS_MAKE_TARGETS := mkfs repair db

# The generated headers first, on their own.
XFSPROGS_PRE_BUILD_HOOKS := XFSPROGS_HEADERS
define XFSPROGS_HEADERS
	+$(Q)$(MAKE) -C $(XFSPROGS_DIR) headers $(XFSPROGS_QUIET)
endef

XFSPROGS_PROGRAMS := mkfs/mkfs.xfs repair/xfs_repair db/xfs_db

define XFSPROGS_INSTALL_CMDS
	$(Q)mkdir -p $(XFSPROGS_STAGE)/sbin $(XFSPROGS_STAGE)/usr/share/xfsprogs/mkfs
	$(Q)for p in $(XFSPROGS_PROGRAMS); do \
	  cp $(XFSPROGS_DIR)/$$p $(XFSPROGS_STAGE)/sbin/ || exit 1; \
	done
	$(Q)cp $(XFSPROGS_DIR)/mkfs/*.conf $(XFSPROGS_STAGE)/usr/share/xfsprogs/mkfs/
endef

$(eval $(call package,xfsprogs))
