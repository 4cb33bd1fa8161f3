# SPDX-License-Identifier: GPL-2.0-only
# liburcu (userspace-rcu): static libraries and headers into the sysroot, for
# xfsprogs.  Only the headers and the libraries are built: no tests, no docs.
# Nothing of it goes into the image by itself.

LIBURCU_CONF_OPTS := \
	CC=$(MUSL_CC) CFLAGS="$(MUSL_CFLAGS)" \
	--prefix=$(SYSROOT) --disable-shared --enable-static
LIBURCU_BUILD_DIRS   := src
LIBURCU_INSTALL_DIRS := include src

$(eval $(call package,liburcu))
