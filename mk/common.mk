# SPDX-License-Identifier: GPL-2.0-only
# Directories, toolchain and helpers shared by every recipe.

TOP     := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)
BUILD   := $(TOP)/build
OUT     := $(TOP)/out
STAMP   := $(BUILD)/stamp
SRC     := $(BUILD)/src
STAGE   := $(BUILD)/stage
SYSROOT := $(BUILD)/sysroot
KINC    := $(BUILD)/kinc
# Per package: what its install step put into the sysroot, its key, the
# list of its files in the sysroot (mk/package.mk).
PKG     := $(BUILD)/pkg

BOOTBENCH_CACHE ?= $(HOME)/.cache/bootbench
export BOOTBENCH_CACHE
# Built packages, by key (mk/package-cache); empty: none taken or kept.
BOOTBENCH_PACKAGE_CACHE ?= $(BOOTBENCH_CACHE)/packages
export BOOTBENCH_APT := $(BUILD)/apt

JOBS    ?= $(shell nproc)
MUSL_CC := musl-gcc
# musl's libc.so, which is also its dynamic loader (run, it prints musl's
# version).
MUSL_LDSO := /lib/x86_64-linux-musl/libc.so
# musl-gcc sees no kernel headers (-nostdinc): give it ours, and libraries
# and pkg-config files only from the sysroot.
MUSL_CFLAGS := -Os -isystem $(KINC)
# What every program of the image is linked with: a GNU build id, by which
# perf on the host matches a sampled file with its unstripped copy in
# $(OUT)/symbols (rootfs/image.mk), and the index of the unwind tables
# (.eh_frame_hdr) that perf's DWARF unwinder reads.  musl-gcc's link specs
# pass neither to the linker (Debian's gcc passes both); they add notes and
# a table beside the code, not a byte to it.
MUSL_LDFLAGS := -Wl,--build-id -Wl,--eh-frame-hdr
export PKG_CONFIG_LIBDIR := $(SYSROOT)/lib/pkgconfig
export PKG_CONFIG_PATH :=

# Our own C code: C11, warnings are errors; every include of ours names its
# path from the top of the tree ("common/json.h"), hence -I$(TOP).
OUR_CFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O2 -I$(TOP)

# $(call unpack,PKG,DIR): fetch the pinned source of PKG (the prefix of its
# variables in rootfs/versions.mk) and unpack its upstream tarball into DIR;
# or, when the pin names a binary package (PKG_DEB), extract its files.
unpack = $(TOP)/rootfs/unpack $(if $($(1)_DEB),deb $($(1)_SUITE) $($(1)_DEB), \
	src $($(1)_SUITE) $($(1)_SRC)) $($(1)_VERSION) $(2)

# $(call stage,PKG): the staging tree a package installs its image files into.
stage = $(STAGE)/$(1)

# Package recipes log their tools' output to $(BUILD)/log/NAME.log and time
# themselves (make figures reads NAME.time):
#   $(call recipe_log,NAME)    the log file
#   $(call recipe_quiet,NAME)  after a command: its output into the log; on
#                              failure, the end of the log and its path on
#                              the terminal
#   $(call recipe_begin,NAME)  a fresh log, the clock started
#   $(call recipe_end,NAME)    the time taken recorded, $(STAMP)/NAME touched
#   $(SUBMAKE)                 $(MAKE) in the top make's job pool, or -j$(JOBS)
#                              (a line using it starts with +: only then does a
#                              sub-make join the pool; make -n runs it, as it
#                              runs $(MAKE) lines)
recipe_log   = $(BUILD)/log/$(1).log
recipe_quiet = >>$(call recipe_log,$(1)) 2>&1 || { tail -n 40 $(call recipe_log,$(1)); \
	echo "$(1): failed; the whole log: $(call recipe_log,$(1))" >&2; exit 1; }
recipe_begin = mkdir -p $(STAMP) $(BUILD)/log && : >$(call recipe_log,$(1)) && \
	date +%s >$(BUILD)/log/$(1).start
recipe_end   = echo $$(( $$(date +%s) - $$(cat $(BUILD)/log/$(1).start) )) \
	>$(BUILD)/log/$(1).time && rm -f $(BUILD)/log/$(1).start && touch $(STAMP)/$(1)
SUBMAKE = $(MAKE) $(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(JOBS))

Q := @
ifneq ($(V),)
Q :=
endif
