# SPDX-License-Identifier: GPL-2.0-only
# Every third-party input of the image, pinned: Debian source package (and
# binary package, when its files are used as Debian built them), version
# and the suite that serves it.  rootfs/debian-fetch downloads
# exactly these through a private apt configuration and caches them in
# $(BOOTBENCH_CACHE).  A pin that stops downloading is reported by name.
#
# (The indexes of some suites list versions whose files the pool no longer
# serves: util-linux 2.42.x in sid, libinih 61 in sid, xfsprogs 7.2 in sid.
# The pins below are versions that download.)

POSTGRESQL_SRC     := postgresql-18
POSTGRESQL_VERSION := 18.6-3
POSTGRESQL_SUITE   := sid

LIBURING_SRC       := liburing
LIBURING_VERSION   := 2.15-1
LIBURING_SUITE     := sid

E2FSPROGS_SRC      := e2fsprogs
E2FSPROGS_VERSION  := 1.47.4-1
E2FSPROGS_SUITE    := sid

XFSPROGS_SRC       := xfsprogs
XFSPROGS_VERSION   := 6.13.0-2+deb13u1
XFSPROGS_SUITE     := trixie

UTIL_LINUX_SRC     := util-linux
UTIL_LINUX_VERSION := 2.41.5-0+deb13u1
UTIL_LINUX_SUITE   := trixie

LIBURCU_SRC        := liburcu
LIBURCU_VERSION    := 0.13.2-1
LIBURCU_SUITE      := bookworm

INIH_SRC           := libinih
INIH_VERSION       := 59-1
INIH_SUITE         := trixie

BUSYBOX_SRC        := busybox
BUSYBOX_VERSION    := 1:1.38.0-3
BUSYBOX_SUITE      := sid

MIMALLOC_SRC       := mimalloc
MIMALLOC_VERSION   := 2.0.9+ds-2
MIMALLOC_SUITE     := bookworm

LLVM_LIBC_SRC      := llvm-toolchain-22
LLVM_LIBC_DEB      := libllvmlibc-22-dev
LLVM_LIBC_VERSION  := 1:22.1.8-1~deb13u5
LLVM_LIBC_SUITE    := trixie

# The kernel's userspace headers that musl-gcc compiles the image's C
# with (linux/, asm/, asm-generic/, mtd/: $(KINC), the Makefile):
# Debian 12's own linux-libc-dev, the same on any host, whichever the host
# has installed (its version.h is in each package's key, doc/build.md).
LINUX_HEADERS_SRC     := linux
LINUX_HEADERS_DEB     := linux-libc-dev
LINUX_HEADERS_VERSION := 6.1.192-3
LINUX_HEADERS_SUITE   := bookworm-security

# perf (tools/perf of the kernel source), outside the base image: the
# version of the host's perf (Debian 12's linux-perf), which reads the
# perf.data it writes; a perf.data of a newer perf is refused by an older
# one ("unsupported ABI"), an older one is read by every newer perf.
PERF_SRC           := linux
PERF_DEB           := linux-source-6.1
PERF_VERSION       := 6.1.192-3
PERF_SUITE         := bookworm-security
