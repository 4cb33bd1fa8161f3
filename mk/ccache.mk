# SPDX-License-Identifier: GPL-2.0-only
# Our own C code is compiled through ccache when the host has it
# (mk/host-deps installs it): a second clone, or a make after make clean,
# compiles only what changed.  The packages have their own cache
# (mk/package-cache.mk) and never go through this one.
#
#   $(OUR_HOST_CC)   the host's gcc, for report/, the host tools, the tests
#                    and the kernel of make kernel-build
#   $(OUR_MUSL_CC)   musl-gcc, for the programs of the image (init/, bench/)
#
# CCACHE is the command put before the compiler; make CCACHE= compiles
# without it.  It is looked up when a recipe runs, after mk/host-deps, so
# the first make on a fresh machine uses it too.  The cache is
# $(BOOTBENCH_CACHE)/ccache (at most CCACHE_MAXSIZE).  Paths under the
# clone are hashed relative to it and the working directory not at all, so
# clones in other places share entries; a hit's debug information names
# the directory of the clone that compiled it.  The compiler is known by
# what `CC -v` prints (musl-gcc is a script: its own time and size would
# not change with gcc's).
CCACHE ?= $$(command -v ccache)
OUR_HOST_CC = $(CCACHE) gcc
OUR_MUSL_CC = $(CCACHE) $(MUSL_CC)
export CCACHE_DIR := $(BOOTBENCH_CACHE)/ccache
export CCACHE_BASEDIR := $(TOP)
export CCACHE_NOHASHDIR := true
export CCACHE_COMPILERCHECK := %compiler% -v
export CCACHE_MAXSIZE ?= 1G

# Every compile of our code writes its dependency file with these.  The
# object is named as make names it ($@, an absolute path): ccache gives
# the compiler paths relative to CCACHE_BASEDIR, and a .d file naming a
# relative object would tie no header to the object make builds (a header
# changed, and nothing that includes it rebuilt).
DEPFLAGS = -MMD -MP -MT $@
