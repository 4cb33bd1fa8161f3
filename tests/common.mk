# SPDX-License-Identifier: GPL-2.0-only
# Unit tests of common/: tests/common/<name>.c against every common/ source
# (mk/unit-tests.mk).

$(eval $(call unit_tests,common,$(sort $(wildcard $(TOP)/common/*.c)),-I$(TOP)/common))
