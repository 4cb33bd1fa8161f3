# SPDX-License-Identifier: GPL-2.0-only
# musl-memcpy: the memcpy of postgres, musl's portable C one in place of its
# x86_64 assembly one.  The assembly memcpy copies with `rep movsq`, whose
# start-up cost dominates the short copies a PostgreSQL backend makes by
# the million (tuples into pages, WAL records, datums): in pgbench -i it
# took 13.6 % of the server's CPU samples against 6.2 % for glibc's
# memmove in a glibc build of the same source, and the C one brings it to
# about 9 % (make fidelity shows the effect on each row).
#
# Built from the pinned musl source (the version of the host's musl-tools,
# whose libc the image uses) as one object with the flags musl builds its
# string functions with: nothing may turn its loops back into a call to
# memcpy, and the object must call nothing.  Linked into postgres only:
# postgres is linked dynamically and its own memcpy takes precedence over
# libc.so's; in a static link musl's memmove would pull in the assembly
# memcpy beside it.  Sysroot: lib/musl-memcpy.o.  Nothing goes into the
# image by itself: PostgreSQL's recipe links it in.

# The pinned musl source; freestanding code: no kernel headers.
MUSL_MEMCPY_PIN            := MUSL
MUSL_MEMCPY_DIR            := $(SRC)/musl
MUSL_MEMCPY_KERNEL_HEADERS := no
MUSL_MEMCPY_LABEL          := musl (memcpy)
MUSL_MEMCPY_OBJ := $(SYSROOT)/lib/musl-memcpy.o
MUSL_MEMCPY_CFLAGS := -O2 -fPIC -ffreestanding -fno-builtin \
	-fno-tree-loop-distribute-patterns

define MUSL_MEMCPY_BUILD_CMDS
	$(Q)$(MUSL_CC) $(MUSL_MEMCPY_CFLAGS) -c $(MUSL_MEMCPY_DIR)/src/string/memcpy.c \
		-o $(MUSL_MEMCPY_DIR)/memcpy.o $(MUSL_MEMCPY_QUIET)
	$(Q)undefined=$$(nm -u $(MUSL_MEMCPY_DIR)/memcpy.o); [ -z "$$undefined" ] || { \
		echo "musl-memcpy: memcpy.o calls $$undefined" >&2; exit 1; }
endef

define MUSL_MEMCPY_INSTALL_CMDS
	$(Q)install -D -m 644 $(MUSL_MEMCPY_DIR)/memcpy.o $(MUSL_MEMCPY_OBJ)
endef

$(eval $(call package,musl-memcpy))
