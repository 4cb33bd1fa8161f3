# SPDX-License-Identifier: GPL-2.0-only
# musl-memcpy: the memcpy and memmove of postgres, musl's portable C ones in
# place of its x86_64 assembly ones.
#
# The assembly memcpy copies with `rep movsq`, whose start-up cost
# dominates the short copies a PostgreSQL backend makes by the million
# (tuples into pages, WAL records, datums): in pgbench -i it took 13.6 % of
# the server's CPU samples against 6.2 % for glibc's memmove in a glibc
# build of the same source, and the C one brings it to about 9 % (make
# fidelity shows the effect on each row).
#
# The assembly memmove copies overlapping buffers backwards one byte at a
# time (`std; rep movsb`, which CPUs do not speed up): that is how
# compactify_tuples moves the tuples of every heap page it prunes, 10 300
# instructions per tpcb-like transaction (make fidelity-instructions).  The
# C one copies a word at a time when both pointers share their alignment,
# as MAXALIGNed tuples do, and hands forward copies to the C memcpy.
#
# Built from the pinned musl source (the version of the host's musl-tools,
# whose libc the image uses) as one object with the flags musl builds its
# string functions with: nothing may turn their loops back into a call to
# memcpy, and the object must call nothing outside itself.  Linked into
# postgres only: postgres is linked dynamically and its own functions take
# precedence over libc.so's.  Sysroot: lib/musl-memcpy.o.  Nothing goes
# into the image by itself: PostgreSQL's recipe links it in.

# The pinned musl source; freestanding code: no kernel headers.
MUSL_MEMCPY_PIN            := MUSL
MUSL_MEMCPY_DIR            := $(SRC)/musl
MUSL_MEMCPY_KERNEL_HEADERS := no
MUSL_MEMCPY_LABEL          := musl (memcpy, memmove)
MUSL_MEMCPY_OBJ := $(SYSROOT)/lib/musl-memcpy.o
MUSL_MEMCPY_CFLAGS := -O2 -fPIC -ffreestanding -fno-builtin \
	-fno-tree-loop-distribute-patterns

define MUSL_MEMCPY_BUILD_CMDS
	$(Q)$(MUSL_CC) $(MUSL_MEMCPY_CFLAGS) -c $(MUSL_MEMCPY_DIR)/src/string/memcpy.c \
		-o $(MUSL_MEMCPY_DIR)/memcpy.o $(MUSL_MEMCPY_QUIET)
	$(Q)$(MUSL_CC) $(MUSL_MEMCPY_CFLAGS) -c $(MUSL_MEMCPY_DIR)/src/string/memmove.c \
		-o $(MUSL_MEMCPY_DIR)/memmove.o $(MUSL_MEMCPY_QUIET)
	$(Q)ld -r -o $(MUSL_MEMCPY_DIR)/musl-memcpy.o $(MUSL_MEMCPY_DIR)/memcpy.o \
		$(MUSL_MEMCPY_DIR)/memmove.o $(MUSL_MEMCPY_QUIET)
	$(Q)undefined=$$(nm -u $(MUSL_MEMCPY_DIR)/musl-memcpy.o); [ -z "$$undefined" ] || { \
		echo "musl-memcpy: musl-memcpy.o calls $$undefined" >&2; exit 1; }
endef

define MUSL_MEMCPY_INSTALL_CMDS
	$(Q)install -D -m 644 $(MUSL_MEMCPY_DIR)/musl-memcpy.o $(MUSL_MEMCPY_OBJ)
endef

$(eval $(call package,musl-memcpy))
