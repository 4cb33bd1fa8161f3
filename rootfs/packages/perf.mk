# SPDX-License-Identifier: GPL-2.0-only
# perf: the kernel's profiler, tools/perf of Debian's linux-source package,
# static with musl.  Not in the base image:
#
#   make perf   builds $(PERF_IMAGE) (out/bootbench-perf.cpio.gz), a
#               second initramfs archive holding /usr/bin/perf alone; the
#               kernel unpacks concatenated cpio archives in order, so
#               cat KERNEL-INITRAMFS $(PERF_IMAGE) boots the image with perf.
#
# Its version is the one of the host's perf (rootfs/versions.mk says why):
# perf.data is recorded in the appliance and read on the host.
#
# Only the parts of the kernel tree that perf's build reads are unpacked.
# Built without the libraries the image does not have: no libelf (and so
# no DWARF, libunwind, BPF or probes), no Python or Perl scripting, no TUI,
# no compression, no C++ demangling, no CPU-specific event tables (the
# generic events, cpu-clock and cycles among them, need none).  Without
# libelf, perf reads build ids from the ELF notes itself and records those
# of the objects sampled (the kernel's from /sys/kernel/notes) in
# perf.data; it names kernel symbols from /proc/kallsyms but no symbols of
# user programs: the host's perf does, from the unstripped binaries.  (This
# perf looks for the build id in a file's first note segment only: what
# musl-gcc links has one; programs linked with a .note.gnu.property first,
# as glibc distributions build them, are recorded without.)  Call graphs:
# -g (frame pointers) is unwound in the kernel as it samples; --call-graph
# dwarf copies each sample's user stack for the host's perf to unwind.
# In the appliance, perf record -N keeps perf from copying every sampled
# file into $HOME/.debug, and perf --no-pager from starting a pager on the
# console.  The unstripped perf stays in the build tree (PERF_BINARY, kept
# with a restored package too).

PERF_LABEL := perf ($(PERF_DEB) $(PERF_VERSION))
PERF_TREE   = $(PERF_DIR)/linux
PERF_BINARY = $(PERF_TREE)/tools/perf/perf
PERF_STAGE := $(call stage,perf)
PERF_KEEP   = $(PERF_BINARY)
PERF_IMAGE := $(OUT)/bootbench-perf.cpio.gz

# What the build reads of the kernel tree (tools/perf/MANIFEST, less what
# is for other architectures or BPF), and the version it reports: from
# PERF-VERSION-FILE at the top, as in perf's own source tarballs.
PERF_PARTS := tools/perf tools/arch tools/scripts tools/build tools/include tools/lib
PERF_UPSTREAM_VERSION := $(firstword $(subst -, ,$(PERF_VERSION)))

PERF_WITHOUT := LIBELF LIBPYTHON LIBPERL SLANG LIBUNWIND LIBBPF JVMTI LIBCAP \
	LIBNUMA LIBAUDIT LIBCRYPTO LIBZSTD LZMA ZLIB LIBBABELTRACE LIBDEBUGINFOD \
	SDT JEVENTS DEMANGLE BACKTRACE
# musl-gcc's link specs leave out the build id Debian's gcc adds: asked for.
PERF_MAKE_OPTS := CC=$(MUSL_CC) HOSTCC=gcc EXTRA_CFLAGS='-isystem $(KINC)' \
	LDFLAGS='-static -Wl,--build-id' WERROR=0 $(addsuffix =1,$(addprefix NO_,$(PERF_WITHOUT)))
PERF_BUILD_DIRS   := linux/tools/perf
PERF_MAKE_TARGETS := perf

# rootfs/unpack leaves the package's files: the kernel tree's tarball.
PERF_CONFIGURE_LABEL := perf (tools/ of the kernel tree)
define PERF_CONFIGURE_CMDS
	$(Q)mkdir $(PERF_TREE) && xz -dc $(PERF_DIR)/usr/src/$(PERF_DEB).tar.xz | \
		tar -x -C $(PERF_TREE) --strip-components=1 --no-same-owner \
		$(addprefix $(PERF_DEB)/,$(PERF_PARTS)) $(PERF_QUIET)
	$(Q)rm -rf $(PERF_DIR)/usr
	$(Q)echo '#define PERF_VERSION "$(PERF_UPSTREAM_VERSION)"' >$(PERF_TREE)/PERF-VERSION-FILE
endef

define PERF_INSTALL_CMDS
	$(Q)rm -rf $(PERF_STAGE) && mkdir -p $(PERF_STAGE)/usr/bin
	$(Q)strip -o $(PERF_STAGE)/usr/bin/perf $(PERF_BINARY)
endef

$(eval $(call package,perf))

.PHONY: perf
perf: $(PERF_IMAGE)

$(PERF_IMAGE): $(STAMP)/perf
	@echo "  CPIO    $(@:$(TOP)/%=%)"
	$(Q)mkdir -p $(@D) && (cd $(PERF_STAGE) && find . -mindepth 1 | LC_ALL=C sort | \
		cpio -o -H newc -R 0:0 --reproducible --quiet) | gzip -9n >$@.part && mv $@.part $@
	@echo "  IMAGE   $(@:$(TOP)/%=%) $$(du -k $@ | cut -f1) KiB"
