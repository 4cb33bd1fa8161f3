# SPDX-License-Identifier: GPL-2.0-only
# llvm-libc: the memcpy, memmove, memcmp and strlen of postgres, LLVM's libc
# ones (Debian's libllvmlibc-NN-dev, built from llvm-toolchain-NN) in place
# of musl's.
#
# A PostgreSQL backend executed more instructions per transaction than a
# glibc build of the same source, and the extra was in musl's string
# functions (make fidelity-instructions; per tpcb-like transaction, image
# against reference): memcpy and memmove 32 600 against glibc's 6 000
# (musl's portable C ones, which the image linked then, move a word per
# instruction where a vector moves 16 or 32 bytes; its x86_64 assembly
# memcpy starts `rep movsq` slowly on short copies, and its memmove copies
# overlapping buffers backwards a byte at a time, `std; rep movsb`, which
# is how compactify_tuples moves tuples); memcmp 14 500 against 2 400, byte
# by byte, nearly all from hash_search_with_hash_value; strlen 5 100
# against 1 900.  LLVM's copy and search with SSE2 vectors and compare
# 8 bytes at a time: 10 000, 5 200 and 3 400, and the ratio of the
# reference's instructions to the image's went from 0.963, 0.912 and 0.922
# (select-only, simple-update, tpcb-like) to 0.97-0.99 (README, "Fidelity").
# Not taken: LLVM's memset executes more than musl's (1 180 against 940),
# its strncmp goes byte by byte as musl's (and in 22 compares signed
# chars), its bsearch is a call as musl's.
#
# The objects are taken from the package's static archive as Debian built
# them, for baseline x86-64 (SSE2): the build checks that they call nothing
# outside themselves and contain no VEX-encoded (AVX) instruction, so they
# run on any x86-64 CPU.  Debian builds them hidden: linked into postgres,
# they serve its own calls and are not exported, so the loadable modules
# keep libc.so's.  Sysroot: lib/llvm-libc-string.o.  Nothing goes into the
# image by itself: PostgreSQL's recipe links it in.

LLVM_LIBC_KERNEL_HEADERS := no
LLVM_LIBC_FUNCS := memcpy memmove memcmp strlen
LLVM_LIBC_LABEL := llvm-libc ($(LLVM_LIBC_FUNCS))
LLVM_LIBC_OBJ   := $(SYSROOT)/lib/llvm-libc-string.o
LLVM_LIBC_ARCHIVE = $(LLVM_LIBC_DIR)/usr/lib/llvm-$(patsubst \
	libllvmlibc-%-dev,%,$(LLVM_LIBC_DEB))/lib/libllvmlibc.a

define LLVM_LIBC_BUILD_CMDS
	$(Q)rm -rf $(LLVM_LIBC_DIR)/obj && mkdir $(LLVM_LIBC_DIR)/obj && cd $(LLVM_LIBC_DIR)/obj && \
		ar x $(LLVM_LIBC_ARCHIVE) $(addsuffix .cpp.o,$(LLVM_LIBC_FUNCS)) $(LLVM_LIBC_QUIET)
	$(Q)ld -r -o $(LLVM_LIBC_DIR)/llvm-libc-string.o \
		$(addprefix $(LLVM_LIBC_DIR)/obj/,$(addsuffix .cpp.o,$(LLVM_LIBC_FUNCS))) $(LLVM_LIBC_QUIET)
	$(Q)undefined=$$(nm -u $(LLVM_LIBC_DIR)/llvm-libc-string.o); [ -z "$$undefined" ] || { \
		echo "llvm-libc: llvm-libc-string.o calls $$undefined" >&2; exit 1; }
	$(Q)avx=$$(objdump -d --no-show-raw-insn $(LLVM_LIBC_DIR)/llvm-libc-string.o | \
		awk -F'\t' 'NF > 1 && $$2 ~ /^v/ { print $$2; exit }'); [ -z "$$avx" ] || { \
		echo "llvm-libc: llvm-libc-string.o has AVX instructions: $$avx" >&2; exit 1; }
endef

define LLVM_LIBC_INSTALL_CMDS
	$(Q)install -D -m 644 $(LLVM_LIBC_DIR)/llvm-libc-string.o \
		$(LLVM_LIBC_SYSROOT)/lib/llvm-libc-string.o
endef

$(eval $(call package,llvm-libc))
