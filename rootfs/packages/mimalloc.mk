# SPDX-License-Identifier: GPL-2.0-only
# mimalloc: the memory allocator of postgres and of the PostgreSQL tools in
# the image, in place of musl's.  musl's malloc gives every allocation above
# about 128 KiB its own mmap and munmap, and a PostgreSQL backend makes such
# allocations in every query: with it the image's server spent its time in
# the kernel's mmap path and ran select-only at half the speed of a glibc
# build (make fidelity measures this).  mimalloc keeps freed memory for
# reuse as glibc's malloc does.
#
# Built as one object from its single-file build (src/static.c) with
# MI_MALLOC_OVERRIDE, which defines malloc, free, calloc, realloc and the
# aligned variants; linking the object into an executable replaces musl's
# allocator in it, statically linked or not (musl supports replacing
# malloc).  Sysroot: lib/mimalloc.o.  Nothing goes into the image by
# itself: PostgreSQL's recipe links it in.

MIMALLOC_OBJ := $(SYSROOT)/lib/mimalloc.o

# -O2 as PostgreSQL itself; NDEBUG turns off mimalloc's internal checks.
MIMALLOC_CFLAGS := -O2 -fPIC -isystem $(KINC) -DMI_MALLOC_OVERRIDE -DNDEBUG

define MIMALLOC_BUILD_CMDS
	$(Q)$(MUSL_CC) $(MIMALLOC_CFLAGS) -I$(MIMALLOC_DIR)/include \
		-c $(MIMALLOC_DIR)/src/static.c -o $(MIMALLOC_DIR)/mimalloc.o $(MIMALLOC_QUIET)
endef

define MIMALLOC_INSTALL_CMDS
	$(Q)install -D -m 644 $(MIMALLOC_DIR)/mimalloc.o $(MIMALLOC_SYSROOT)/lib/mimalloc.o
endef

$(eval $(call package,mimalloc))
