# SPDX-License-Identifier: GPL-2.0-only
# Unit tests of common/: tests/common/<name>.c against every common/ source
# (mk/unit-tests.mk).

common_UNIT_SOURCES := $(sort $(wildcard $(TOP)/common/*.c))
common_UNIT_CFLAGS  := -I$(TOP)/common

$(eval $(call unit_tests,common))
