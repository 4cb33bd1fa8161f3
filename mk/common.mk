# Directories, toolchain and helpers shared by every recipe.

TOP     := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)
BUILD   := $(TOP)/build
OUT     := $(TOP)/out
STAMP   := $(BUILD)/stamp
SRC     := $(BUILD)/src
STAGE   := $(BUILD)/stage
SYSROOT := $(BUILD)/sysroot
KINC    := $(BUILD)/kinc

BOOTBENCH_CACHE ?= $(HOME)/.cache/bootbench
export BOOTBENCH_CACHE
export BOOTBENCH_APT := $(BUILD)/apt

JOBS    ?= $(shell nproc)
MUSL_CC := musl-gcc
# musl-gcc sees no kernel headers (-nostdinc): give it ours, and libraries
# and pkg-config files only from the sysroot.
MUSL_CFLAGS := -Os -isystem $(KINC)
export PKG_CONFIG_LIBDIR := $(SYSROOT)/lib/pkgconfig
export PKG_CONFIG_PATH :=

# Our own C code: C11, warnings are errors.
OUR_CFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O2

# $(call unpack,PKG,DIR): fetch the pinned source of PKG (the prefix of its
# variables in rootfs/versions.mk) and unpack its upstream tarball into DIR.
unpack = $(TOP)/rootfs/unpack $($(1)_SUITE) $($(1)_SRC) $($(1)_VERSION) $(2)

# $(call stage,PKG): the staging tree a package installs its image files into.
stage = $(STAGE)/$(1)

Q := @
ifneq ($(V),)
Q :=
endif
